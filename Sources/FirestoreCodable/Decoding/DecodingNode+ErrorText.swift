import Foundation
import FirestoreModel

extension DecodingNode {
    /// How the SDK's `_typeDescription(of:)` names what it found: "a null value", "a number"
    /// (booleans included: they are NSNumbers there), "a string/data" (strings only), "an
    /// array", "a dictionary", or the name of the value's type.
    ///
    /// For bytes, timestamps, geo points, references and vectors this is the Swift type name
    /// (`Data`, `Timestamp`, `GeoPoint`, `DocumentReference`, `VectorValue`) where the SDK on
    /// Apple platforms prints the Objective-C class (`FIRTimestamp`, `NSConcreteData`, …).
    var typeDescription: String {
        switch self {
        case .value(let value):
            switch value {
            case .null: return "a null value"
            case .boolean, .integer, .double: return "a number"
            case .string: return "a string/data"
            case .array: return "an array"
            case .map: return "a dictionary"
            case .bytes: return "Data"
            case .timestamp: return "Timestamp"
            case .geoPoint: return "GeoPoint"
            case .reference: return "DocumentReference"
            case .vector: return "VectorValue"
            }
        case .unsignedInteger, .decimal: return "a number"
        case .unsupported(let typeName): return typeName
        case .array: return "an array"
        case .dictionary, .entries: return "a dictionary"
        }
    }

    /// The SDK's `typeMismatch`: "Expected to decode <type> but found <what> instead."
    func mismatch(expecting type: Any.Type, at codingPath: [any CodingKey]) -> DecodingError {
        DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "Expected to decode \(type) but found \(typeDescription) instead."
        ))
    }
}
