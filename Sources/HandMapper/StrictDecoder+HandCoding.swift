import FirestoreModel
import Foundation
import ModelSchema

/// The strict decode of a property its struct codes by hand (`FieldCoding`), by the rules of
/// the container calls that coding makes, stated here on their own:
/// - `nestedUnkeyedContainer(forKey:)` and `nestedContainer(keyedBy:forKey:)` refuse an absent
///   key with `keyNotFound`, and anything but an array (a map) — null included — with
///   `typeMismatch` (sdk-codable-rules §6.1); an optional one is nil when the key is absent or
///   null (`contains`, `decodeNil(forKey:)`);
/// - element by element, a struct element read inline through `nestedContainer(keyedBy:)`
///   refuses null with `valueNotFound` and anything but a map with `typeMismatch`
///   (sdk-codable-rules §6.2); other elements as an array's;
/// - `superDecoder(forKey:)` stands over null where the key is absent, so the struct's keyed
///   container refuses an absent key and null alike with `valueNotFound` at the key — unless the
///   struct codes no field and asks for no container;
/// - a single-value wrapper is never optional: the key must be there, and null inside it is
///   nil for an optional value;
/// - a type that accepts two encodings reads a string as the value written as text (base64 for
///   `Data`), `dataCorrupted` when it holds none, and anything else as the value's own type.
///
/// Every error names the place in the model where the value was refused. Inside a nested
/// container the SDK's own coding path leaves out the container's key (and a struct element's
/// index: sdk-codable-rules §6.1, §6.2); the harness compares where the mappers were, which
/// `CodableMapper` recovers for the Codable mapper (`MappingFailure.place`).
extension StrictDecoder {
    /// The property's value; the path holds its key.
    mutating func decodeHandCoded(_ field: FieldPlan, _ coding: FieldCoding, raw: Any?) throws(MappingError) -> ModelValue {
        let input = raw.map(DocumentInput.init)
        let isOptional: Bool
        if case .optional = field.type { isOptional = true } else { isOptional = false }
        switch coding {
        case .elementwise, .nested, .twoEncodings:
            if isOptional, input?.isNull ?? true { return .null }
        case .superCoder, .singleValue:
            break
        }
        switch (coding, field.type.unwrapped) {
        case (.elementwise, .array(let element)):
            guard let input else { throw keyNotFound(field.type) }
            guard case .array(let array) = input else { throw refused(input, expected: "Array<Any>") }
            return .array(try decodeElementwise(array, element))
        case (.nested, .structure(let index)):
            guard let input else { throw keyNotFound(field.type) }
            guard case .map(let map) = input else { throw refused(input, expected: "Dictionary<String, Any>") }
            return try decodeStruct(index, map)
        case (.superCoder, .structure(let index)):
            guard plan.structs[index].fields.contains(where: { $0.key != nil }) else { return try decodeStruct(index, [:]) }
            switch input ?? .null {
            case .map(let map): return try decodeStruct(index, map)
            case .null: throw MappingError(kind: .valueNotFound, path: path.current, expected: plan.structs[index].name, found: "null",
                                           message: "Cannot get keyed decoding container -- found null value instead.")
            case let other: throw unexpected(other, field.type.unwrapped)
            }
        case (.singleValue, let type):
            guard let input else { throw keyNotFound(field.type) }
            if isOptional, input.isNull { return .null }
            return try decode(input, as: type)
        case (.twoEncodings, let type):
            guard let input else { throw keyNotFound(field.type) }
            guard case .string(let text) = input else { return try decode(input, as: type) }
            guard let value = Self.value(writtenAs: text, type) else {
                let words = FieldCoding.twoEncodingsText(isData: { if case .data = type { true } else { false } }())
                throw corrupted(input, type, "\(FoundDescription.quoted(text)) is no \(plan.spelling(of: type)) written as \(words).")
            }
            return value
        default:
            throw MappingError(kind: .invalidValue, path: path.current, expected: plan.spelling(of: field.type), found: "\"coding\": \"\(coding.rawValue)\"",
                               message: "\"coding\": \"\(coding.rawValue)\" cannot code \(plan.spelling(of: field.type)).")
        }
    }

    /// The elements of a list read element by element.
    private mutating func decodeElementwise(_ array: [Any], _ element: TypePlan) throws(MappingError) -> [ModelValue] {
        var values: [ModelValue] = []
        values.reserveCapacity(array.count)
        for (index, raw) in array.enumerated() {
            let input = DocumentInput(raw)
            path.push(.index(index))
            switch element {
            case .structure(let structIndex), .optional(.structure(let structIndex)):
                if case .optional = element, input.isNull {
                    values.append(.null)
                } else {
                    guard case .map(let map) = input else {
                        throw input.isNull
                            ? MappingError(kind: .valueNotFound, path: path.current, expected: "KeyedDecodingContainer", found: "null",
                                           message: "Cannot get keyed decoding container -- found null value instead.")
                            : refused(input, expected: "Dictionary<String, Any>")
                    }
                    values.append(try decodeStruct(structIndex, map))
                }
            default:
                values.append(try decode(input, as: element))
            }
            path.pop()
        }
        return values
    }

    /// A nested container's refusal of what the document holds at the current path.
    private func refused(_ input: DocumentInput, expected: String) -> MappingError {
        let found = FoundDescription.of(input)
        return MappingError(kind: .typeMismatch, path: path.current, expected: expected, found: found,
                            message: "Expected to decode \(expected) but found \(found) instead.")
    }

    /// The value a string holds for a type that accepts two encodings: `Data` from base64,
    /// a number or a boolean from its text as Swift reads it (`Int8("12")`, `Bool("true")`).
    private static func value(writtenAs text: String, _ type: TypePlan) -> ModelValue? {
        switch type {
        case .data: return Data(base64Encoded: text).map(ModelValue.data)
        case .bool: return Bool(text).map(ModelValue.bool)
        case .double: return Double(text).map(ModelValue.double)
        case .integer(let width):
            if width.isSigned {
                guard let number = Int64(text), number >= width.minimum, number <= Int64(clamping: width.maximum) else { return nil }
                return .int(number)
            }
            guard let number = UInt64(text), number <= width.maximum else { return nil }
            return .uint(number)
        default: return nil
        }
    }
}
