import FirestoreModel
import ModelSchema

/// The facts about one disagreement from which its cause and its hint follow: what each
/// mapper read or wrote at the field (nil: nothing there; for a round trip, `codable` is what
/// was written and `legacy` what came back), what the document stored there, the property
/// declared there, what probing the legacy read showed, and the case's document ID and server
/// time.
struct LegacyCauseFacts {
    var kind: LegacyDisagreement.Kind
    var field: String
    var codable: FirestoreValue?
    var legacy: FirestoreValue?
    var codableFailure: FailureKind?
    /// Whether the read-back of a round trip failed (no value to compare).
    var readBackFailed = false
    /// Whether Firestore's write path refused one mapper's data (nothing stored on that side).
    var writeRefused = false
    /// Whether `Firestore.Encoder` refused a NaN or an infinity in Codable's write.
    var encoderRefusedNonFinite = false
    var documentID: String
    var serverTime: Timestamp
    /// The property declared at the field, when the field is one.
    var property: LegacyProperty?
    /// What the case's document stores at the field (reads only).
    var stored: FirestoreValue?
    /// Whether the legacy mapper wrote its time of writing (the client's clock) at the field.
    var legacyWroteClientClock = false
    /// The NSNumber bridging the probes showed, in words (`CauseWords`' and the engine's).
    var bridging: String?
    /// Whether the legacy mapper refuses the stored value only for its form (it reads the form
    /// Firestore.Encoder writes).
    var refusedStoredForm = false
    /// The fields whose change makes the legacy mapper read a document it gave up on.
    var readFix: LegacyReadFix?

    /// Whether the disagreement is about what the mappers wrote (a write compared, or a
    /// round trip of the legacy mapper's write): only these may blame a write, so a check
    /// without the legacy mapper's write blames none.
    var isWrite: Bool { kind == .differentEncodings || kind == .legacyRoundTrip }

    /// The cause these facts show.
    var cause: LegacyCause {
        if property?.field.wrapper == .documentID && kind != .codableRoundTrip && codable != legacy {
            return .documentIDWrapperAsField
        }
        if kind != .codableRoundTrip && codable != legacy
            && (legacy == .string(documentID) || kind == .differentEncodings && legacy == nil && codable == .string(documentID)) {
            return .documentIDInField
        }
        if isWrite && legacy == .timestamp(serverTime) && codable != legacy { return .serverTimestampAlways }
        if isWrite && legacyWroteClientClock { return .clientClockOnSave }
        if encoderRefusedNonFinite { return .encoderRefusesNonFinite }
        if bridging != nil { return .nsNumberBridging }
        if refusedStoredForm { return .storedFormRefused }
        switch kind {
        case .legacyAcceptsInvalid:
            let wrapped = property?.field.wrapper == .serverTimestamp || property?.field.wrapper == .explicitNull
            return wrapped && codableFailure == .keyNotFound && stored == nil ? .wrappedKeyRequired : .silentDefault
        case .legacyRejectsValid: return .legacyGivesUp
        case .legacyRoundTrip where readBackFailed, .codableRoundTrip where readBackFailed:
            return .cannotReadBack
        default: break
        }
        if Self.isLatitudeLongitudeMap(codable) && (legacy == nil || legacy?.kind == .geoPoint)
            || Self.isLatitudeLongitudeMap(legacy) && (codable == nil || codable?.kind == .geoPoint) {
            return .mapForGeoPoint
        }
        if writeRefused { return .writeRefused }
        switch (codable, legacy) {
        case (nil, .null?), (.null?, nil): return .nullForNil
        case (nil, _), (_, nil): return .fieldMissingOnOneSide
        case let (codable?, legacy?) where codable.kind != legacy.kind: return .differentStoredType
        default: return .differentValue
        }
    }

    /// Whether a value is a map of just `latitude` and `longitude`: a coordinate type's own
    /// Codable form.
    static func isLatitudeLongitudeMap(_ value: FirestoreValue?) -> Bool {
        guard case .map(let map)? = value else { return false }
        return map.count == 2 && map["latitude"] != nil && map["longitude"] != nil
    }
}
