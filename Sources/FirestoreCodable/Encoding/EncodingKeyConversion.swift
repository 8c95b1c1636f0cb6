/// The SDK's `camelCase` → `snake_case` key conversion (`KeyEncodingStrategy.convertToSnakeCase`).
///
/// Words end where an uppercase letter (Unicode categories Lu, Lt) follows; a run of
/// capitals followed by a lowercase letter (Ll) is a word up to the capital before that
/// letter; the first character never starts a new word. Words are lowercased and joined
/// by `_`; underscores already present are kept as they are.
enum EncodingKeyConversion {
    static func snakeCased(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        let scalars = key.unicodeScalars
        var words: [Range<String.Index>] = []
        var wordStart = key.startIndex
        var searchStart = key.index(after: key.startIndex)
        while let upper = scalars[searchStart...].firstIndex(where: isUppercase) {
            words.append(wordStart..<upper)
            guard let lower = scalars[upper...].firstIndex(where: isLowercase) else {
                wordStart = upper
                break
            }
            if lower == key.index(after: upper) {
                wordStart = upper
            } else {
                let capitalBeforeLower = key.index(before: lower)
                words.append(upper..<capitalBeforeLower)
                wordStart = capitalBeforeLower
            }
            searchStart = scalars.index(after: lower)
        }
        words.append(wordStart..<key.endIndex)
        return words.map { key[$0].lowercased() }.joined(separator: "_")
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .uppercaseLetter || category == .titlecaseLetter
    }

    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .lowercaseLetter
    }
}
