import Foundation

/// The key rewriting of `KeyDecodingStrategy.convertFromSnakeCase`, and the reverse
/// conversion the SDK uses only to word its `keyNotFound` messages.
enum DecoderKeyConversion {
    /// `snake_case` to `camelCase` by the SDK's rule: the part between any leading and
    /// trailing underscores is split on `_` (empty pieces dropped); the first piece is
    /// lowercased, the others capitalized (`String.capitalized`), and they are joined; the
    /// leading and trailing underscores are kept. A key without inner underscores is left
    /// exactly as it is. So `ALL_CAPS` → `allCaps`, `ALLCAPS` → `ALLCAPS`,
    /// `this__and__that` → `thisAndThat`, `_one_two_` → `_oneTwo_`.
    static func camelCased(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        guard let last = key.lastIndex(where: { $0 != "_" }) else { return key }
        let core = key[first...last]
        let pieces = core.split(separator: "_")
        let joined: String
        if pieces.count == 1 {
            joined = String(core)
        } else {
            joined = pieces[0].lowercased() + pieces.dropFirst().map(\.capitalized).joined()
        }
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }

    /// `camelCase` to `snake_case` by the SDK's rule (the encoder's `.convertToSnakeCase`): a
    /// word ends before each uppercase letter after the first character; a run of capitals
    /// followed by a lowercase letter is a word of its own up to the capital before that
    /// letter; the words are lowercased and joined with `_`. So `myURL` → `my_url`,
    /// `partCAPSLowerAGAIN` → `part_caps_lower_again`, `version4Thing` → `version4_thing`.
    static func snakeCased(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        guard !scalars.isEmpty else { return key }
        let end = scalars.count
        func firstIndex(from start: Int, in set: CharacterSet) -> Int? {
            (start..<end).first { set.contains(scalars[$0]) }
        }
        var words: [Range<Int>] = []
        var wordStart = 0
        var searchStart = 1
        while let upper = firstIndex(from: searchStart, in: .uppercaseLetters) {
            words.append(wordStart..<upper)
            guard let lower = firstIndex(from: upper, in: .lowercaseLetters) else {
                wordStart = upper
                break
            }
            if lower == upper + 1 {
                wordStart = upper
            } else {
                // A run of capitals: all but the last form a word; the last starts the next.
                words.append(upper..<(lower - 1))
                wordStart = lower - 1
            }
            searchStart = lower + 1
        }
        words.append(wordStart..<end)
        return words.map { range in
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars[range])
            return String(word).lowercased()
        }.joined(separator: "_")
    }

    /// How the SDK's keyed container names a key in its errors: `<key> ("<name>")`, and
    /// under `.convertFromSnakeCase` also the stored form it looked for.
    static func errorDescription(of key: any CodingKey, strategy: Firestore.Decoder.KeyDecodingStrategy) -> String {
        guard case .convertFromSnakeCase = strategy else {
            return "\(key) (\"\(key.stringValue)\")"
        }
        let original = key.stringValue
        let converted = snakeCased(original)
        let roundTrip = camelCased(converted)
        if converted == original {
            return "\(key) (\"\(original)\")"
        } else if roundTrip == original {
            return "\(key) (\"\(original)\"), converted to \(converted)"
        } else {
            return "\(key) (\"\(original)\"), with divergent representation \(roundTrip), converted to \(converted)"
        }
    }
}
