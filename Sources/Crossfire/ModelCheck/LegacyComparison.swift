import FirestoreCodable
import FirestoreModel

/// The comparisons of one `LegacyMapperCheck` case, collecting the disagreements.
///
/// Two values are the same when `==` says so or when `Firestore.Encoder` stores them alike
/// (so that a NaN read by both mappers is not a disagreement). Written data is compared as the
/// write path stores it, server timestamps filled with one server time.
struct LegacyComparison<Model: Codable & Equatable> {
    let reference: DocumentReference
    let serverTime: Timestamp
    private(set) var disagreements: [LegacyDisagreement] = []

    init(reference: DocumentReference, serverTime: Timestamp) {
        self.reference = reference
        self.serverTime = serverTime
    }

    /// The two reads of one document.
    mutating func compareReads(codable: Result<Model, MappingFailure>, legacy: Result<Model, LegacyMapperFailure>) {
        switch (codable, legacy) {
        case (.failure(let failure), .success(let value)):
            add(.legacyAcceptsInvalid, at: failure.path, "the Codable mapper fails: \(failure); the legacy mapper returns \(Self.describe(value))")
        case (.success, .failure(let failure)):
            add(.legacyRejectsValid, at: .root, "the Codable mapper decodes the document; the legacy mapper \(failure)")
        case (.success(let codableValue), .success(let legacyValue)):
            if let difference = difference(codableValue, legacyValue) {
                add(.differentValues, at: difference.path, "the Codable mapper reads \(difference.before), the legacy mapper \(difference.after)")
            }
        case (.failure, .failure):
            break
        }
    }

    /// The two writes of one value, compared as stored, and each mapper reading back what it
    /// wrote. Each mapper writes the value once.
    mutating func compareWrites(
        of value: Model, legacyRead: (DocumentSnapshot) -> Result<Model, LegacyMapperFailure>,
        legacyEncode: LegacyMapperCheck<Model>.LegacyEncode?
    ) {
        let codable = stored { try Firestore.Encoder().encode(value) }
        let legacy = legacyEncode.map { encode in stored { try encode(value) } }
        if let legacy { compareStored(codable, legacy) }
        checkCodableRoundTrip(of: value, stored: codable)
        if case .success(let fields)? = legacy {
            checkLegacyRoundTrip(of: value, stored: fields, legacyRead: legacyRead)
        }
    }

    private mutating func compareStored(_ codable: Result<FirestoreMap, StoreFailure>, _ legacy: Result<FirestoreMap, StoreFailure>) {
        switch (codable, legacy) {
        case (.success(let codable), .success(let legacy)):
            if let difference = StoredValueDifference.first(codable, legacy) {
                add(.differentEncodings, at: difference.path, "Firestore.Encoder stores \(difference.before), the legacy mapper \(difference.after)")
            }
        case (.failure(let failure), .success):
            add(.differentEncodings, at: .root, "Firestore.Encoder cannot write the value (\(failure)); the legacy mapper can")
        case (.success, .failure(let failure)):
            add(.differentEncodings, at: .root, "Firestore.Encoder writes the value; the legacy mapper's data is not stored: \(failure)")
        case (.failure, .failure):
            break
        }
    }

    private mutating func checkCodableRoundTrip(of value: Model, stored: Result<FirestoreMap, StoreFailure>) {
        switch stored {
        case .failure(let failure):
            add(.codableRoundTrip, at: .root, "Firestore.Encoder cannot write the value it read: \(failure)")
        case .success(let fields):
            let snapshot = DocumentSnapshot(reference: reference, fields: fields)
            switch Result(catching: { try snapshot.data(as: Model.self) }).mapError(MappingFailure.init(codingError:)) {
            case .failure(let failure):
                add(.codableRoundTrip, at: failure.path, "the Codable mapper cannot read what it wrote: \(failure)")
            case .success(let readBack):
                if let difference = difference(value, readBack) {
                    add(.codableRoundTrip, at: difference.path, "written \(difference.before), read back \(difference.after)")
                }
            }
        }
    }

    private mutating func checkLegacyRoundTrip(
        of value: Model, stored fields: FirestoreMap, legacyRead: (DocumentSnapshot) -> Result<Model, LegacyMapperFailure>
    ) {
        switch legacyRead(DocumentSnapshot(reference: reference, fields: fields)) {
        case .failure(let failure):
            add(.legacyRoundTrip, at: .root, "the legacy mapper cannot read what it wrote: it \(failure)")
        case .success(let readBack):
            if let difference = difference(value, readBack) {
                add(.legacyRoundTrip, at: difference.path, "written \(difference.before), read back \(difference.after)")
            }
        }
    }

    /// What an outcome was, in words: a value as `Firestore.Encoder` stores it (its
    /// `@DocumentID` left out), or the failure.
    static func describe<Failure: Error>(_ outcome: Result<Model, Failure>) -> String {
        switch outcome {
        case .success(let value): return describe(value)
        case .failure(let failure): return "\(failure)"
        }
    }

    /// A value as `Firestore.Encoder` stores it, or as Swift prints it when it cannot be stored.
    static func describe(_ value: Model) -> String {
        guard let stored = try? WritePath().parse(Firestore.Encoder().encode(value)).fields else { return "\(value)" }
        return "value \(stored)"
    }

    private mutating func add(_ kind: LegacyDisagreement.Kind, at path: ValuePath, _ detail: String) {
        disagreements.append(LegacyDisagreement(kind: kind, path: path, detail: detail))
    }

    /// Where two values differ, as `Firestore.Encoder` stores them; nil when they are the same.
    private func difference(_ a: Model, _ b: Model) -> StoredValueDifference? {
        if a == b { return nil }
        guard case .success(let left) = stored({ try Firestore.Encoder().encode(a) }),
              case .success(let right) = stored({ try Firestore.Encoder().encode(b) })
        else { return StoredValueDifference(path: .root, before: Self.describe(a), after: Self.describe(b)) }
        return StoredValueDifference.first(left, right)
    }

    /// The document stored from data an app hands `setData`, or why it is not stored.
    private func stored(_ data: () throws -> [String: Any]) -> Result<FirestoreMap, StoreFailure> {
        do {
            return .success(try WritePath().parse(data()).applied(to: nil, serverTime: serverTime))
        } catch {
            return .failure(StoreFailure(description: "\(error)"))
        }
    }

    /// Why data was not stored: the encoder's error or the write path's.
    private struct StoreFailure: Error, CustomStringConvertible {
        let description: String
    }
}
