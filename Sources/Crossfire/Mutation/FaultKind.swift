import FirestoreModel
import ModelSchema

/// What exactly a fault injected.
package enum FaultKind: Hashable, Sendable, CustomStringConvertible {
    /// A value of kind `replaced` was replaced by one of kind `with`.
    case wrongType(replaced: FirestoreValue.Kind, with: FirestoreValue.Kind)
    /// A struct key removed.
    case missingKey
    /// Null where a value is required.
    case nullValue
    /// A non-integral number for an integer field of the given type.
    case fractionalNumber(IntegerType)
    /// A number outside the range of the given integer type.
    case integerOutOfRange(IntegerType)
    /// NaN or ±Infinity for a `Float`.
    case nonFiniteFloat
    /// A finite number beyond `Float.greatestFiniteMagnitude` for a `Float`.
    case floatOutOfRange
    /// NaN or ±Infinity for a `Decimal` (stored as a double), which `Decimal(Double)` cannot hold.
    case nonFiniteDecimal
    /// A raw value (or case key) that is no case of the enum.
    case unknownEnumValue
    /// A string `URL(string:)` rejects.
    case invalidURL
    /// A string that is not base64, for `Data`.
    case invalidBase64
    /// A string that is not `#RRGGBB` or `#RRGGBBAA`.
    case invalidHexColor
    /// A timestamp (or `{seconds, nanoseconds}` map) outside Firestore's range.
    case timestampOutOfRange
    /// A geo point outside ±90° / ±180° or not finite.
    case invalidGeoPoint
    /// An `[Int: V]` key that is not an integer.
    case invalidDictionaryKey
    /// An `[Int: V]` key that reads as an integer but is not its canonical form (`007`, `+1`).
    case nonCanonicalDictionaryKey
    /// A set element that Swift considers equal to another.
    case duplicateSetElement
    /// An enum-keyed dictionary's flat array with a key and no value.
    case danglingDictionaryKey
    /// A key the struct does not code.
    case unknownKey
    /// An array directly inside an array.
    case nestedArray
    /// A document not made from the schema.
    case foreignTree

    /// Every kind that carries no argument, the ones `init?(description:)` reads by name.
    static let withoutArgument: [FaultKind] = [
        .missingKey, .nullValue, .nonFiniteFloat, .floatOutOfRange, .nonFiniteDecimal, .unknownEnumValue, .invalidURL, .invalidBase64, .invalidHexColor,
        .timestampOutOfRange, .invalidGeoPoint, .invalidDictionaryKey, .nonCanonicalDictionaryKey, .duplicateSetElement,
        .danglingDictionaryKey, .unknownKey, .nestedArray, .foreignTree,
    ]

    /// The class the kind belongs to.
    package var faultClass: FaultClass {
        switch self {
        case .wrongType: return .wrongType
        case .missingKey: return .missingKey
        case .nullValue: return .nullValue
        case .unknownKey: return .unknownKey
        case .nestedArray: return .nestedArray
        case .foreignTree: return .foreignTree
        case .fractionalNumber, .integerOutOfRange, .nonFiniteFloat, .floatOutOfRange, .nonFiniteDecimal, .unknownEnumValue, .invalidURL,
             .invalidBase64, .invalidHexColor, .timestampOutOfRange, .invalidGeoPoint, .invalidDictionaryKey,
             .nonCanonicalDictionaryKey, .duplicateSetElement, .danglingDictionaryKey:
            return .corruptedData
        }
    }

    /// A stable name for journals, e.g. `wrongType(integer→double)`, `integerOutOfRange(UInt8)`.
    package var description: String {
        switch self {
        case .wrongType(let replaced, let with): return "wrongType(\(replaced.rawValue)→\(with.rawValue))"
        case .missingKey: return "missingKey"
        case .nullValue: return "nullValue"
        case .fractionalNumber(let type): return "fractionalNumber(\(type.rawValue))"
        case .integerOutOfRange(let type): return "integerOutOfRange(\(type.rawValue))"
        case .nonFiniteFloat: return "nonFiniteFloat"
        case .floatOutOfRange: return "floatOutOfRange"
        case .nonFiniteDecimal: return "nonFiniteDecimal"
        case .unknownEnumValue: return "unknownEnumValue"
        case .invalidURL: return "invalidURL"
        case .invalidBase64: return "invalidBase64"
        case .invalidHexColor: return "invalidHexColor"
        case .timestampOutOfRange: return "timestampOutOfRange"
        case .invalidGeoPoint: return "invalidGeoPoint"
        case .invalidDictionaryKey: return "invalidDictionaryKey"
        case .nonCanonicalDictionaryKey: return "nonCanonicalDictionaryKey"
        case .duplicateSetElement: return "duplicateSetElement"
        case .danglingDictionaryKey: return "danglingDictionaryKey"
        case .unknownKey: return "unknownKey"
        case .nestedArray: return "nestedArray"
        case .foreignTree: return "foreignTree"
        }
    }
}

extension FaultKind {
    /// The kind a `description` spells (`wrongType(integer→double)`,
    /// `integerOutOfRange(UInt8)`, `missingKey`, …); nil for any other text.
    package init?(description text: String) {
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
            guard let kind = FaultKind.withoutArgument.first(where: { $0.description == name }) else { return nil }
            self = kind
        default:
            return nil
        }
    }
}
