import Foundation

/// The key rewriting of `KeyDecodingStrategy.convertFromSnakeCase`, and the wording of keys
/// in the keyed container's errors (which, under that strategy, uses the encoder's reverse
/// conversion, `EncodingKeyConversion`).
enum DecodingKeyConversion {
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

    /// How the SDK's keyed container names a key in its errors: `<key> ("<name>")`, and
    /// under `.convertFromSnakeCase` also the stored form it looked for.
    static func errorDescription(of key: any CodingKey, strategy: Firestore.Decoder.KeyDecodingStrategy) -> String {
        guard case .convertFromSnakeCase = strategy else {
            return "\(key) (\"\(key.stringValue)\")"
        }
        let original = key.stringValue
        let converted = EncodingKeyConversion.snakeCased(original)
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
