import FirestoreModel
import ModelSchema

extension LegacyCauseFacts {
    /// The fix that usually removes the cause, in one line, written from the cause: what the
    /// legacy mapper does, the SDK rule where one decides it, and a change that is valid Swift.
    var hint: String {
        let property = "`\(field)`"
        switch cause {
        case .documentIDInField:
            let declaration = self.property.map { "`\($0.declaration(wrapper: .documentID, type: .optional(.string)))` \($0.place)" }
                ?? "`@DocumentID` (a `String?`) in the Codable model"
            return "the legacy mapper reads \(property) from the document ID: declare it \(declaration)"
        case .documentIDWrapperAsField:
            return documentIDWrapperHint
        case .serverTimestampAlways:
            let declaration = self.property.map { " `\($0.declaration(wrapper: .serverTimestamp, type: .optional($0.field.type.unwrapped)))`" } ?? ""
            return "the legacy mapper writes FieldValue.serverTimestamp() to \(property) on every save: declare it\(declaration) "
                + "(written as the server's time only while nil)"
        case .clientClockOnSave:
            return "the legacy mapper writes the client's clock (`Timestamp(date: Date())`) to \(property) on every save, not the property's value: "
                + "write the value, or let the server set it with `@ServerTimestamp` (nil until saved)"
        case .silentDefault:
            return silentDefaultHint
        case .nsNumberBridging:
            return "the legacy mapper reads \(property) through \(bridging ?? "NSNumber bridging"): read it as the model's type does "
                + "(check the stored kind before `as?`), or make Codable accept it in `init(from:)`"
        case .storedFormRefused:
            return "the document stores \(property) as \(Self.kindWords(stored)), which Codable reads; the legacy mapper reads only \(Self.kindWords(codable)), "
                + "the form Firestore.Encoder writes: read the other form as well, or rewrite such documents in Codable's form"
        case .wrappedKeyRequired:
            let wrapper = self.property?.field.wrapper ?? .serverTimestamp
            let rule = wrapper == .serverTimestamp ? "§9.2" : "§9.3"
            return "the document has no \(property) key: the legacy mapper reads nil, but Codable's `@\(wrapper.rawValue)` throws keyNotFound for an absent key "
                + "though the property is optional (Docs/sdk-codable-rules.md \(rule), §13.6): decode it with `decodeIfPresent` in `init(from:)`, "
                + "or write the key into every document"
        case .nullForNil:
            return codable == nil
                ? "the legacy mapper writes NSNull() for a nil \(property), Codable leaves the field out: mark it `@ExplicitNull`, or stop writing NSNull()"
                : "Codable writes null for a nil \(property) (`@ExplicitNull`), the legacy mapper leaves the field out"
        case .mapForGeoPoint:
            return "Codable stores \(property) as a map {latitude, longitude} (its type's own Codable form), the legacy mapper as a GeoPoint: give the Codable model a `GeoPoint` property"
        case .differentStoredType:
            let (verb, change) = isWrite ? ("stores", "stores as the legacy mapper's") : ("reads", "reads as the legacy mapper's")
            return "Codable \(verb) \(property) as \(Self.kindWords(codable)), the legacy mapper as \(Self.kindWords(legacy)): "
                + "give the property the Swift type that \(change), or convert in the legacy mapper"
        case .fieldMissingOnOneSide:
            return fieldMissingHint
        case .differentValue:
            return "the two convert \(property) differently: compare the legacy conversion with the Codable form of the property's type"
        case .writeRefused:
            return codable == nil
                ? "Firestore refuses what Codable writes for \(property) and takes the legacy mapper's: see the write path's message"
                : "Firestore refuses what the legacy mapper writes for \(property) and takes Codable's: check the value before writing it, as the Codable type does"
        case .encoderRefusesNonFinite:
            return "Firestore.Encoder refuses the NaN or infinity in \(property) (its nonConformingFloatEncodingStrategy is .throw, Docs/sdk-codable-rules.md §13.2); "
                + "Firestore stores it, and the legacy mapper writes it: keep the value finite before saving, or set the encoder's nonConformingFloatEncodingStrategy"
        case .legacyGivesUp:
            return givesUpHint
        case .cannotReadBack:
            if let readFix {
                return "the legacy mapper gives up on what it wrote, and reads it with " + Self.changeWords(readFix)
                    + ": its write and its read disagree on the stored form of those fields"
            }
            let mapper = kind == .codableRoundTrip ? "Codable" : "the legacy mapper"
            return "\(mapper) does not read \(property) back as it wrote it: its write and read disagree on the stored form"
        case .legacyTrapped, .legacyHung:
            return cause.crashHint(call: field)
        }
    }

    private var documentIDWrapperHint: String {
        let name = property.map { "`\($0.declaration())` \($0.place)" } ?? "`\(field)`"
        let plain = property.map { ": if it is a field of its own, declare it `\($0.declaration())` without `@DocumentID`" } ?? ""
        let unwritten = isWrite ? ", and is never written" : ""
        let rule = property?.isNested == true
            ? "Codable's `@DocumentID` \(name) holds the top-level document's ID, not a field of its own\(unwritten) (Docs/sdk-codable-rules.md §9.1)"
            : "Codable's `@DocumentID` \(name) holds the document's ID\(unwritten) (Docs/sdk-codable-rules.md §9.1)"
        if legacy == nil || legacy == .null {
            return rule + "; the legacy mapper leaves it nil: set it from `snapshot.documentID` in the legacy mapper"
        }
        return rule + "; the legacy mapper keeps it as a field (\(isWrite ? "writes" : "reads") `\(field)`)" + plain
    }

    private var silentDefaultHint: String {
        let what: String
        switch codableFailure {
        case .keyNotFound?: what = "a missing"
        case .valueNotFound?: what = "a null"
        case .typeMismatch?: what = "a mistyped"
        case .dataCorrupted?: what = "an invalid"
        default: what = "a missing, null or mistyped"
        }
        let failure = codableFailure.map { " (\($0.rawValue))" } ?? ""
        if let property, property.field.type.isOptional {
            return "\(what) `\(field)` reads as nil or a default in the legacy mapper where Codable throws\(failure): an optional takes a missing key or a null, "
                + "not another type or an invalid value; let the legacy mapper refuse it, or decode it with `try?` in `init(from:)`"
        }
        return "\(what) `\(field)` becomes a default where Codable throws\(failure): make it optional or default it in `init(from:)`, or let the legacy mapper refuse it"
    }

    private var fieldMissingHint: String {
        let property = "`\(field)`"
        if !isWrite {
            return codable == nil
                ? "the legacy mapper reads \(property) where Codable reads nothing: add the property to the Codable model (or its CodingKeys)"
                : "Codable reads \(property) where the legacy mapper reads nothing: the legacy mapper does not read it"
        }
        return codable == nil
            ? "the legacy mapper has \(property) where Codable has nothing: add the property to the Codable model (or its CodingKeys)"
            : "Codable has \(property) where the legacy mapper has nothing: the legacy mapper skips it"
    }

    private var givesUpHint: String {
        guard let readFix else {
            return "the legacy mapper gives up on documents the Codable model reads, and no change of one field the check tried makes it read: it requires more than the model's types say"
        }
        return "the legacy mapper gives up on a document Codable reads, and reads it with " + Self.changeWords(readFix)
            + ": make it take what the model's types take, or make the model as strict"
    }

    /// The changes that make a legacy read succeed, in words: `` `bio` given a value (…) ``.
    private static func changeWords(_ readFix: LegacyReadFix) -> String {
        readFix.changes.map { change -> String in
            let name = "`\(ValuePath.quotedSegment(change.field))`"
            switch change.kind {
            case .dropped: return "\(name) left out (it refuses the stored value, which Codable reads)"
            case .codableForm: return "\(name) as Firestore.Encoder writes it (it refuses the stored form, which Codable reads)"
            case .given: return "\(name) given a value (it requires the field, which the model lets be missing)"
            }
        }.joined(separator: "; ")
    }

    private static func kindWords(_ value: FirestoreValue?) -> String {
        value.map { "a \($0.kind.rawValue)" } ?? "nothing"
    }
}
