import Foundation
import Testing
@testable import FirestoreCodable
import FirestoreModel

/// One step of a coding path, compared by both its string and its int value.
struct PathStep: Equatable, CustomStringConvertible {
    let string: String
    let int: Int?

    init(_ key: any CodingKey) {
        string = key.stringValue
        int = key.intValue
    }

    init(string: String, int: Int?) {
        self.string = string
        self.int = int
    }

    var description: String { int.map { "\(string)#\($0)" } ?? string }
}

/// A key step.
func key(_ name: String) -> PathStep { PathStep(string: name, int: nil) }
/// An array-element step as the SDK writes it: "Index N" with int value N.
func index(_ position: Int) -> PathStep { PathStep(string: "Index \(position)", int: position) }

/// A `DecodingError` taken apart: its case, the type or key it names, its path and message.
struct DecodingFailure: Equatable, CustomStringConvertible {
    enum Kind: String { case typeMismatch, valueNotFound, keyNotFound, dataCorrupted }
    let kind: Kind
    /// The type (typeMismatch, valueNotFound) or the key's string value (keyNotFound).
    let subject: String?
    let path: [PathStep]
    let message: String

    init(_ kind: Kind, _ subject: String?, _ path: [PathStep], _ message: String) {
        self.kind = kind
        self.subject = subject
        self.path = path
        self.message = message
    }

    init?(_ error: any Error) {
        guard let error = error as? DecodingError else { return nil }
        switch error {
        case .typeMismatch(let type, let context):
            self.init(.typeMismatch, "\(type)", context.codingPath.map(PathStep.init), context.debugDescription)
        case .valueNotFound(let type, let context):
            self.init(.valueNotFound, "\(type)", context.codingPath.map(PathStep.init), context.debugDescription)
        case .keyNotFound(let key, let context):
            self.init(.keyNotFound, key.stringValue, context.codingPath.map(PathStep.init), context.debugDescription)
        case .dataCorrupted(let context):
            self.init(.dataCorrupted, nil, context.codingPath.map(PathStep.init), context.debugDescription)
        @unknown default:
            return nil
        }
    }

    var description: String {
        "\(kind)(\(subject ?? "-"), \(path), \"\(message)\")"
    }
}

/// The error thrown by `body`; records an issue when nothing is thrown.
func thrownError<R>(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R) -> (any Error)? {
    do {
        let result = try body()
        Issue.record("expected an error, decoded \(result)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// The `DecodingError` thrown by decoding `type` from `data`, taken apart.
func decodingFailure<T: Decodable>(
    _ type: T.Type, from data: Any, decoder: Firestore.Decoder = Firestore.Decoder(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> DecodingFailure? {
    guard let error = thrownError(sourceLocation: sourceLocation, { try decoder.decode(type, from: data) }) else {
        return nil
    }
    guard let failure = DecodingFailure(error) else {
        Issue.record("expected a DecodingError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
    return failure
}

/// A reference for tests.
func testReference(_ path: String = "books/hitchhiker") throws -> DocumentReference {
    try DocumentReference(path: path)
}

/// A one-field document of a given value, for scalar tests.
struct DecodedField<Value: Decodable>: Decodable {
    let value: Value
}

/// A one-field document whose field is optional.
struct DecodedOptionalField<Value: Decodable>: Decodable {
    let value: Value?
}
