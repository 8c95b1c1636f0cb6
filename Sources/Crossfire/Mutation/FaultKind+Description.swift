import FirestoreModel
import ModelSchema

extension FaultKind {
    /// The kind a `description` spells (`wrongType(integer→double)`,
    /// `integerOutOfRange(UInt8)`, `missingKey`, …); nil for any other text.
    public init?(description text: String) {
        let name: Substring
        var argument: Substring?
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            name = text[..<open]
            argument = text[text.index(after: open)..<text.index(before: text.endIndex)]
        } else {
            name = Substring(text)
        }
        switch (name, argument) {
        case ("wrongType", let pair?):
            let kinds = pair.split(separator: "→", maxSplits: 1).map { FirestoreValue.Kind(rawValue: String($0)) }
            guard kinds.count == 2, let replaced = kinds[0], let with = kinds[1] else { return nil }
            self = .wrongType(replaced: replaced, with: with)
        case ("fractionalNumber", let type?):
            guard let integerType = IntegerType(rawValue: String(type)) else { return nil }
            self = .fractionalNumber(integerType)
        case ("integerOutOfRange", let type?):
            guard let integerType = IntegerType(rawValue: String(type)) else { return nil }
            self = .integerOutOfRange(integerType)
        case (_, nil):
            let plain: [FaultKind] = [.missingKey, .nullValue, .nonFiniteFloat, .floatOutOfRange, .unknownEnumValue, .invalidURL,
                                      .invalidBase64, .invalidHexColor, .timestampOutOfRange, .invalidGeoPoint, .invalidDictionaryKey,
                                      .nonCanonicalDictionaryKey, .duplicateSetElement, .danglingDictionaryKey, .unknownKey,
                                      .nestedArray, .foreignTree]
            guard let kind = plain.first(where: { $0.description == name }) else { return nil }
            self = kind
        default:
            return nil
        }
    }
}
