/// Why a team's legacy mapper and the Codable mapper disagree at a field: the cause a finding
/// class of `LegacyMapperCheck` stands for. One cause shows in several checks (a property the
/// legacy mapper keeps in the document ID differs on read, on write and on read-back), and the
/// check groups them into one class per cause and field.
public enum LegacyCause: String, Hashable, Sendable, CaseIterable, Comparable {
    /// The legacy mapper reads the property from the document ID; Codable reads a field.
    case documentIDInField
    /// The property is `@DocumentID` in the Codable model — never written, and filled with the
    /// top-level document's ID even in a nested struct — and the legacy mapper keeps it as a
    /// field.
    case documentIDWrapperAsField
    /// The legacy mapper writes `FieldValue.serverTimestamp()` on every save.
    case serverTimestampAlways
    /// The legacy mapper writes the client's clock (`Timestamp(date: Date())`) on every save,
    /// not the property's value.
    case clientClockOnSave
    /// The legacy mapper turns a missing key, a null, a wrong type or a bad value into a
    /// default where Codable throws.
    case silentDefault
    /// `as?` on the `NSNumber` `data()` holds converts what Codable keeps apart (a boolean read
    /// as a number, a number as a `Bool`), or refuses a number its type does not hold exactly
    /// (`as? Float` on 0.1), which Codable reads.
    case nsNumberBridging
    /// The document stores the field in a form Codable reads and the legacy mapper refuses (a
    /// `{seconds, nanoseconds}` map for a date), though it reads the form Firestore.Encoder
    /// writes.
    case storedFormRefused
    /// The key of a `@ServerTimestamp` or `@ExplicitNull` property is absent: Codable throws
    /// keyNotFound though the property is optional (sdk-codable-rules §9.2, §9.3), the legacy
    /// mapper reads nil.
    case wrappedKeyRequired
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
    /// `Firestore.Encoder` refuses a NaN or an infinity (its `nonConformingFloatEncodingStrategy`
    /// is `.throw`), which Firestore stores and the legacy mapper writes.
    case encoderRefusesNonFinite
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
        [.documentIDInField, .documentIDWrapperAsField, .serverTimestampAlways, .clientClockOnSave, .mapForGeoPoint, .nullForNil, .writeRefused,
         .encoderRefusesNonFinite].contains(self)
    }

    /// Whether the cause says only that the values differ.
    var isDifferenceOnly: Bool {
        [.differentValue, .differentStoredType, .fieldMissingOnOneSide].contains(self)
    }

    /// The cause in a few words, for a summary line.
    public var title: String {
        switch self {
        case .documentIDInField: return "document ID vs field"
        case .documentIDWrapperAsField: return "@DocumentID in Codable, a field in the legacy mapper"
        case .serverTimestampAlways: return "server timestamp on every save"
        case .clientClockOnSave: return "client clock written on every save"
        case .silentDefault: return "silent default for invalid data"
        case .nsNumberBridging: return "NSNumber bridging"
        case .storedFormRefused: return "stored form the legacy mapper refuses"
        case .wrappedKeyRequired: return "Codable requires the key of a wrapped optional"
        case .nullForNil: return "null vs no field for nil"
        case .mapForGeoPoint: return "{latitude, longitude} map vs GeoPoint"
        case .differentStoredType: return "stored as different types"
        case .fieldMissingOnOneSide: return "field on one side only"
        case .differentValue: return "different values"
        case .writeRefused: return "write refused by Firestore"
        case .encoderRefusesNonFinite: return "Firestore.Encoder refuses NaN and infinity"
        case .legacyGivesUp: return "legacy mapper gives up on a valid document"
        case .cannotReadBack: return "cannot read back what it wrote"
        case .legacyTrapped: return "legacy mapper traps"
        case .legacyHung: return "legacy mapper hangs"
        }
    }
}
