import FirestoreCodable
import FirestoreModel

/// A model value as `LegacyMapperCheck` compares it, so that models need not be `Equatable`:
/// the document `Firestore.Encoder` and the write path store for it, server timestamps filled
/// with the check's server time, plus the value of each top-level `@DocumentID` under its
/// property name (Codable never writes it, so without this a legacy mapper that puts the
/// document ID elsewhere would be invisible).
enum LegacyStoredForm {
    /// Why a value or data could not be stored: the encoder's error or the write path's, and
    /// the field the write path names.
    struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        let description: String
        var path: ValuePath = .root
        /// Whether the encoder refused a NaN or an infinity (`nonConformingFloatEncodingStrategy`
        /// `.throw`), which Firestore itself stores.
        var nonFiniteRefused = false
    }

    /// The stored form of a model value. A NaN or an infinity, which Firestore stores but
    /// `Firestore.Encoder` refuses, stands as the text `‹NaN›`, `‹+Infinity›` or `‹-Infinity›`,
    /// so that two values holding one still compare.
    static func of<Model: Encodable>(_ value: Model, serverTime: Timestamp) -> Result<FirestoreMap, Failure> {
        let encoder = Firestore.Encoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "‹+Infinity›", negativeInfinity: "‹-Infinity›", nan: "‹NaN›")
        return stored({ try encoder.encode(value) }, serverTime: serverTime).map { fields in
            var fields = fields
            for (name, id) in documentIDs(of: value) where fields[name] == nil {
                fields[name] = id.map(FirestoreValue.string) ?? .null
            }
            return fields
        }
    }

    /// The document stored from the data an app hands `setData`.
    static func stored(_ data: () throws -> [String: Any], serverTime: Timestamp) -> Result<FirestoreMap, Failure> {
        do {
            return .success(try WritePath().parse(data()).applied(to: nil, serverTime: serverTime))
        } catch let error as WritePathError {
            return .failure(Failure(description: "\(error)", path: error.path))
        } catch let error as EncodingError {
            guard case .invalidValue(let value, let context) = error else { return .failure(Failure(description: "\(error)")) }
            let nonFinite = (value as? Double).map { !$0.isFinite } ?? (value as? Float).map { !$0.isFinite } ?? false
            return .failure(Failure(description: "\(error)", path: ValuePath(codingPath: context.codingPath), nonFiniteRefused: nonFinite))
        } catch {
            return .failure(Failure(description: "\(error)"))
        }
    }

    /// The `@DocumentID` properties of a value, by property name, with their ID (nil when
    /// unset).
    private static func documentIDs(of value: some Any) -> [(String, String?)] {
        Mirror(reflecting: value).children.compactMap { child in
            guard let label = child.label, let wrapper = child.value as? any DocumentIDText else { return nil }
            return (label.hasPrefix("_") ? String(label.dropFirst()) : label, wrapper.documentIDText)
        }
    }
}

/// A `@DocumentID` whose value can be read as text, whatever its wrapped type.
private protocol DocumentIDText {
    var documentIDText: String? { get }
}

extension DocumentID: DocumentIDText {
    fileprivate var documentIDText: String? {
        switch wrappedValue {
        case let id as String: return id
        case let reference as DocumentReference: return reference.documentID
        case nil: return nil
        case let other?: return "\(other)"
        }
    }
}
