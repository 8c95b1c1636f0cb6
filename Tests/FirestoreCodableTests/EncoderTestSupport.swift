import Foundation
import Testing
import FirestoreCodable
import FirestoreModel

/// The name of a value's dynamic type, to assert output kinds exactly (`Int8`, not just
/// "a number equal to 1").
func typeName(_ value: Any?) -> String {
    guard let value else { return "nil" }
    return "\(type(of: value))"
}

/// A coding path as its string values.
func keyStrings(_ path: [any CodingKey]) -> [String] {
    path.map(\.stringValue)
}

/// Encodes with a fresh or given encoder.
func encoded<T: Encodable>(_ value: T, with encoder: Firestore.Encoder = Firestore.Encoder()) throws -> [String: Any] {
    try encoder.encode(value)
}

/// The `EncodingError.invalidValue` context a value's encoding throws, or a recorded
/// issue when it throws something else or nothing.
func invalidValueContext<T: Encodable>(
    _ value: T,
    with encoder: Firestore.Encoder = Firestore.Encoder(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> EncodingError.Context? {
    do {
        let result = try encoder.encode(value)
        Issue.record("expected EncodingError.invalidValue, got \(result)", sourceLocation: sourceLocation)
    } catch let EncodingError.invalidValue(_, context) {
        return context
    } catch {
        Issue.record("expected EncodingError.invalidValue, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// The `FirestoreEncodingError` a value's encoding throws, or a recorded issue.
func firestoreEncodingError<T: Encodable>(
    _ value: T,
    with encoder: Firestore.Encoder = Firestore.Encoder(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> FirestoreEncodingError? {
    do {
        let result = try encoder.encode(value)
        Issue.record("expected FirestoreEncodingError, got \(result)", sourceLocation: sourceLocation)
    } catch let error as FirestoreEncodingError {
        return error
    } catch {
        Issue.record("expected FirestoreEncodingError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// The SDK's message for a non-conforming float under `.throw`.
func nonConformingMessage(_ name: String) -> String {
    "Unable to encode \(name) directly in JSON. Use JSONEncoder.NonConformingFloatEncodingStrategy.convertToString "
        + "to specify how the value should be encoded."
}

/// A value that wraps another under the key `value`, for single-field documents.
struct Field<T: Encodable>: Encodable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// A value whose `encode(to:)` requests nothing.
struct EncodesNothing: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

/// A value that encodes the given value through a single-value container.
struct SingleValue<T: Encodable>: Encodable {
    let value: T
    init(_ value: T) { self.value = value }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// An error thrown by test models on purpose.
struct DeliberateError: Error, Equatable {}
