import FirestoreModel

/// Strings, keys and Swift names drawn from a `ChoiceSource`. Choice 0 everywhere gives
/// the simplest text: `a`-like characters, the shortest length.
extension ChoiceSource {
    /// One character: ASCII (lowercase first) or, with `unicodeProbability`, one of the tiers
    /// beyond ASCII; control characters only when `allowControls`.
    mutating func scalar(unicodeProbability: Double, allowControls: Bool) -> Unicode.Scalar {
        let tiers = bool(probability: unicodeProbability) ? Alphabet.unicodeTiers : Alphabet.asciiTiers
        let tier = weightedIndex(count: tiers.count) { index in
            !allowControls && tiers[index].scalars == Alphabet.controls ? 0 : tiers[index].weight
        }
        return choose(from: tiers[tier].scalars) ?? "a"
    }

    /// A string of `minLength...maxLength` characters (geometric around `averageLength`).
    mutating func text(
        minLength: Int = 0, maxLength: Int, averageLength: Double, unicodeProbability: Double, allowControls: Bool
    ) -> String {
        var scalars = String.UnicodeScalarView()
        forEachElement(minCount: minLength, maxCount: max(maxLength, minLength), averageCount: averageLength) { source, _ in
            scalars.append(source.scalar(unicodeProbability: unicodeProbability, allowControls: allowControls))
        }
        return String(scalars)
    }

    /// A string value for a `String` field: an edge string (empty, look-alikes of other
    /// types, canonical twins, 1,500 bytes …) with `edgeProbability`, otherwise random text
    /// that may hold any character, NUL included.
    mutating func stringValue(profile: GenerationProfile) -> String {
        if bool(probability: profile.edgeValueProbability) {
            return choose(from: TextEdges.strings) ?? ""
        }
        return text(
            maxLength: profile.maxStringLength, averageLength: profile.averageStringLength,
            unicodeProbability: profile.unicodeProbability, allowControls: true
        )
    }

    /// A Firestore field name (map key): non-empty, no control characters, at most 1,500
    /// UTF-8 bytes, not of the reserved form `__…__`. Edge keys (dots, spaces, backticks,
    /// canonical twins, `Index 1`, exactly 1,500 bytes …) with `edgeProbability`.
    mutating func fieldName(profile: GenerationProfile, edgeProbability: Double) -> String {
        if bool(probability: edgeProbability) {
            return choose(from: TextEdges.keys) ?? "a"
        }
        let key = text(
            minLength: 1, maxLength: max(1, profile.maxStringLength), averageLength: max(1, profile.averageStringLength),
            unicodeProbability: profile.unicodeProbability, allowControls: false
        )
        return TextEdges.validFieldName(key)
    }
}

/// Edge strings and keys, simplest first.
enum TextEdges {
    /// String values at the edges: empty, whitespace, NUL, look-alikes of numbers, booleans,
    /// null, dates, colors and base64, canonical twins, emoji sequences, a 1,500-byte string
    /// (the indexed prefix length) and one just over it.
    static let strings: [String] = [
        "", " ", "a", "\u{0}", "0", "-0", "1", "1.0", "1e3", "NaN", "Infinity", "true", "false", "null",
        "\u{E9}", "e\u{301}", "caf\u{E9}", "cafe\u{301}", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", "\u{1F44D}\u{1F3FD}",
        "#FFFFFF", "#00000000", "AQID", "2024-02-29T12:00:00Z", "https://example.com", "\u{202E}abc", "\u{FEFF}",
        "line\nbreak", "tab\there", "\"quoted\"", "back\\slash", "\u{FFFD}",
        String(repeating: "x", count: 1500), String(repeating: "\u{E9}", count: 751),
    ]

    /// Field names at the edges: every one valid (non-empty, not `__…__`, ≤ 1,500 bytes).
    static let keys: [String] = [
        "a", "_", "0", "-1", "1.5", "a.b", "my key", " ", "`quoted`", "back\\slash", "a/b", "*", "~", "[0]", "{}",
        "$ref", "#", "Index 1", "super", "case", "__x", "x__", "_x_", "true", "null", "\u{540D}\u{524D}",
        "\u{43A}\u{43B}\u{44E}\u{447}", "\u{1F600}", "caf\u{E9}", "cafe\u{301}", "\u{C5}", "\u{212B}", "A\u{30A}",
        "\u{200B}", "\u{A0}", "\u{FEFF}key", "a.`b`.c", String(repeating: "k", count: 1500),
    ]

    /// The key made valid as a field name: a reserved `__…__` key gets a `k` in front, an
    /// empty key becomes `k`, a key over 1,500 bytes is cut to fewer.
    static func validFieldName(_ key: String) -> String {
        var result = key
        if result.utf8.count > 1500 {
            var scalars = String.UnicodeScalarView()
            var bytes = 0
            for scalar in result.unicodeScalars {
                bytes += scalar.utf8.count
                if bytes > 1500 { break }
                scalars.append(scalar)
            }
            result = String(scalars)
        }
        if result.isEmpty || result.isReservedName { result = "k" + result }
        return result
    }

    /// A canonically equivalent key with different code points (`café` ↔ `cafe\u{301}`), or
    /// nil when the key has no character with a twin.
    static func canonicalTwin(of key: String) -> String? {
        let scalars = Array(key.unicodeScalars)
        for start in scalars.indices {
            for twin in Alphabet.canonicalTwins {
                for (from, to) in [(twin.composed, twin.decomposed), (twin.decomposed, twin.composed)]
                where scalars[start...].starts(with: from) {
                    var result = String.UnicodeScalarView()
                    result.append(contentsOf: scalars[..<start])
                    result.append(contentsOf: to)
                    result.append(contentsOf: scalars[(start + from.count)...])
                    return String(result)
                }
            }
        }
        return nil
    }
}
