import Crossfire
import FirestoreCodable
import FirestoreModel
import HandMapper
import ModelSchema

/// What one mapper made of one document: a model value or a normalised failure.
enum DecodeOutcome: CustomStringConvertible {
    case value(ModelValue)
    case failure(MappingFailure)

    /// Runs a decode, normalising whatever it throws with `MappingFailure(codingError:)`.
    init(_ decode: () throws -> ModelValue) {
        do {
            self = .value(try decode())
        } catch {
            self = .failure(MappingFailure(codingError: error))
        }
    }

    var description: String {
        switch self {
        case .value(let value): return "value \(value)"
        case .failure(let failure): return "failure \(failure)"
        }
    }
}

/// What the write path stored for one encode: the document (server timestamps resolved to
/// `StoredOutcome.serverTime`), or the normalised failure of the encoder or the write path.
enum StoredOutcome: CustomStringConvertible {
    case document(FirestoreMap)
    case failure(MappingFailure)

    /// The time the write path's server-timestamp transforms resolve to.
    static let serverTime = Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_000)

    /// Runs an encode and passes its output through the SDK's write path (`setData`).
    init(_ encode: () throws -> [String: Any]) {
        do {
            let parsed = try WritePath().parse(try encode())
            self = .document(parsed.applied(to: nil, serverTime: StoredOutcome.serverTime))
        } catch {
            self = .failure(MappingFailure(codingError: error))
        }
    }

    /// Runs a hand mapper's encode (whose `MappingError` is normalised by kind, path and
    /// message) and passes its output through the write path.
    init(handMapper encode: () throws(MappingError) -> [String: Any]) {
        do {
            let data = try encode()
            self.init({ data })
        } catch {
            self = .failure(MappingFailure(kind: FailureKind(rawValue: error.kind.rawValue) ?? .unexpected, path: error.path,
                                           expected: error.expected, found: error.found, message: error.message))
        }
    }

    var description: String {
        switch self {
        case .document(let document): return "stored \(FirestoreValue.map(document))"
        case .failure(let failure): return "failure \(failure)"
        }
    }
}

/// The emitted root struct, opened: its synthesized Codable through `Firestore.Decoder` and
/// `Firestore.Encoder`, and its hand-written mapper.
extension EmittedModel {
    /// `Firestore.Decoder().decode(Self.self, from: data, in: reference)`, as a model value.
    static func codableDecode(_ data: [String: Any], reference: DocumentReference) -> DecodeOutcome {
        DecodeOutcome { try Firestore.Decoder().decode(Self.self, from: data, in: reference).modelValue }
    }

    /// `init?(reference:data:)`, as a model value; nil when the init fails.
    static func handDecode(_ data: [String: Any], reference: DocumentReference) -> ModelValue? {
        Self(reference: reference, data: data)?.modelValue
    }

    /// The struct built from `value` through `Firestore.Encoder` and the write path; nil when
    /// `init?(modelValue:)` refuses the value.
    static func codableStored(_ value: ModelValue) -> StoredOutcome? {
        guard let model = Self(modelValue: value) else { return nil }
        return StoredOutcome { try Firestore.Encoder().encode(model) }
    }

    /// The struct built from `value`, its `dictionary` through the write path; nil when
    /// `init?(modelValue:)` refuses the value.
    static func dictionaryStored(_ value: ModelValue) -> StoredOutcome? {
        guard let model = Self(modelValue: value) else { return nil }
        return StoredOutcome { model.dictionary }
    }

    /// Whether `init?(modelValue:)` and `modelValue` give `value` back.
    static func roundTrips(_ value: ModelValue) -> Bool {
        Self(modelValue: value)?.modelValue == value
    }
}
