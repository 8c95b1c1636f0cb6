import FirestoreModel

/// Why a team's legacy mapper and the Codable mapper disagree at a field: the cause a finding
/// class of `LegacyMapperCheck` stands for. One cause shows in several checks (a property the
/// legacy mapper keeps in the document ID differs on read, on write and on read-back), and the
/// check groups them into one class per cause and field.
public enum LegacyCause: String, Hashable, Sendable, CaseIterable, Comparable {
    /// The legacy mapper reads the property from the document ID; Codable reads a field.
    case documentIDInField
    /// The legacy mapper writes `FieldValue.serverTimestamp()` on every save.
    case serverTimestampAlways
    /// The legacy mapper turns a missing key, a null, a wrong type or a bad value into a
    /// default where Codable throws.
    case silentDefault
    /// One mapper writes null for nil, the other leaves the field out.
    case nullForNil
    /// Codable stores a `{latitude, longitude}` map where the legacy mapper stores a GeoPoint.
    case mapForGeoPoint
    /// The two store the field as different Firestore types.
    case differentStoredType
    /// One mapper writes (or reads) the field, the other does not.
    case fieldMissingOnOneSide
    /// Both have the field, with different values.
    case differentValue
    /// Firestore's write path refuses what one mapper writes, and takes what the other does.
    case writeRefused
    /// The legacy mapper gives up (nil or an error) on a document Codable reads.
    case legacyGivesUp
    /// A mapper cannot read back what it wrote.
    case cannotReadBack
    /// The legacy mapper trapped (a crash) on the case; found under child-process isolation.
    case legacyTrapped
    /// The legacy mapper did not return within the time limit; found under child-process
    /// isolation.
    case legacyHung

    public static func < (lhs: LegacyCause, rhs: LegacyCause) -> Bool {
        DeclarationOrder.precedes(lhs, rhs)
    }

    /// The fix for a legacy mapper that traps or hangs in `call` (`decode`, `encode`,
    /// `read-back`); empty for the other causes.
    func crashHint(call: String) -> String {
        switch self {
        case .legacyTrapped:
            return "the legacy mapper's \(call) crashes on this document (a force-unwrap, `as!` or `fatalError` on data that need not be there): replace the trap with a check"
        case .legacyHung:
            return "the legacy mapper's \(call) does not return on this document: look for a loop over the document's data"
        default:
            return ""
        }
    }

    /// Whether the cause names what the mappers do differently (the document ID, the server
    /// timestamp, a coordinate map, null for nil, a refused write), beyond a difference.
    var namesTheBug: Bool {
        [.documentIDInField, .serverTimestampAlways, .mapForGeoPoint, .nullForNil, .writeRefused].contains(self)
    }

    /// Whether the cause says only that the values differ.
    var isDifferenceOnly: Bool {
        [.differentValue, .differentStoredType, .fieldMissingOnOneSide].contains(self)
    }

    /// The cause in a few words, for a summary line.
    public var title: String {
        switch self {
        case .documentIDInField: return "document ID vs field"
        case .serverTimestampAlways: return "server timestamp on every save"
        case .silentDefault: return "silent default for invalid data"
        case .nullForNil: return "null vs no field for nil"
        case .mapForGeoPoint: return "{latitude, longitude} map vs GeoPoint"
        case .differentStoredType: return "stored as different types"
        case .fieldMissingOnOneSide: return "field on one side only"
        case .differentValue: return "different values"
        case .writeRefused: return "write refused by Firestore"
        case .legacyGivesUp: return "legacy mapper gives up on a valid document"
        case .cannotReadBack: return "cannot read back what it wrote"
        case .legacyTrapped: return "legacy mapper traps"
        case .legacyHung: return "legacy mapper hangs"
        }
    }
}

/// The facts about one disagreement from which its cause and its hint follow: what each
/// mapper read or wrote at the field (nil: nothing there; for a round trip, `codable` is what
/// was written and `legacy` what came back), and the case's document ID and server time.
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
    var documentID: String
    var serverTime: Timestamp

    /// The cause these facts show.
    var cause: LegacyCause {
        if kind != .codableRoundTrip && codable != legacy
            && (legacy == .string(documentID) || kind == .differentEncodings && legacy == nil && codable == .string(documentID)) {
            return .documentIDInField
        }
        if legacy == .timestamp(serverTime) && codable != legacy && kind != .codableRoundTrip && kind != .legacyAcceptsInvalid {
            return .serverTimestampAlways
        }
        switch kind {
        case .legacyAcceptsInvalid: return .silentDefault
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

    /// The fix that usually removes the cause, in one line.
    var hint: String {
        let property = "`\(field)`"
        switch cause {
        case .documentIDInField:
            return "the legacy mapper reads \(property) from the document ID: declare it `@DocumentID var \(field): String?` in the Codable model"
        case .serverTimestampAlways:
            return "the legacy mapper writes FieldValue.serverTimestamp() to \(property) on every save: declare it `@ServerTimestamp` (written as the server's time only while nil)"
        case .silentDefault:
            let failure = codableFailure.map { " (\($0.rawValue))" } ?? ""
            return "a missing, null or mistyped \(property) becomes a default where Codable throws\(failure): make it optional or default it in `init(from:)`, or let the legacy mapper refuse it"
        case .nullForNil:
            return codable == nil
                ? "the legacy mapper writes NSNull() for a nil \(property), Codable leaves the field out: mark it `@ExplicitNull`, or stop writing NSNull()"
                : "Codable writes null for a nil \(property) (`@ExplicitNull`), the legacy mapper leaves the field out"
        case .mapForGeoPoint:
            return "Codable stores \(property) as a map {latitude, longitude} (its type's own Codable form), the legacy mapper as a GeoPoint: give the Codable model a `GeoPoint` property"
        case .differentStoredType:
            return "Codable stores \(property) as \(Self.kindWords(codable)), the legacy mapper as \(Self.kindWords(legacy)): give the property the Swift type that stores as the legacy mapper's, or convert in the legacy mapper"
        case .fieldMissingOnOneSide:
            return codable == nil
                ? "the legacy mapper has \(property) where Codable has nothing: add the property to the Codable model (or its CodingKeys)"
                : "Codable has \(property) where the legacy mapper has nothing: the legacy mapper skips it (if it is the document ID, declare it `@DocumentID`)"
        case .differentValue:
            return "the two convert \(property) differently: compare the legacy conversion with the Codable form of the property's type"
        case .writeRefused:
            return codable == nil
                ? "Firestore refuses what Codable writes for \(property) and takes the legacy mapper's: see the write path's message"
                : "Firestore refuses what the legacy mapper writes for \(property) and takes Codable's: check the value before writing it, as the Codable type does"
        case .legacyGivesUp:
            return "the legacy mapper refuses documents the Codable model reads: it requires more than the model's types say (a field it needs may be optional in the model)"
        case .cannotReadBack:
            return "a mapper does not read \(property) back as it wrote it: its write and read disagree on the stored form"
        case .legacyTrapped, .legacyHung:
            return cause.crashHint(call: field)
        }
    }

    /// Whether a value is a map of just `latitude` and `longitude`: a coordinate type's own
    /// Codable form.
    static func isLatitudeLongitudeMap(_ value: FirestoreValue?) -> Bool {
        guard case .map(let map)? = value else { return false }
        return map.count == 2 && map["latitude"] != nil && map["longitude"] != nil
    }

    private static func kindWords(_ value: FirestoreValue?) -> String {
        value.map { "a \($0.kind.rawValue)" } ?? "nothing"
    }
}
