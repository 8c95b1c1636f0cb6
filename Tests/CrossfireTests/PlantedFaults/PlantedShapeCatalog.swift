import Crossfire
import FirestoreModel
import ModelSchema
import Testing

/// Where a real-shaped bug sits, and so which mappers its campaign runs.
enum PlantedShapeSite: Sendable {
    /// A copy of the Codable mapper (`Firestore.Decoder`/`Encoder` and the team's layer around
    /// them): the campaign runs `codable` and the copy, `planted`.
    case codable(any PlantedBug)
    /// A copy of the strict hand mapper: the campaign runs `codable` and the copy, `planted`.
    case strict(any PlantedBug)
    /// A helper both hand-mapper styles share: the campaign runs `codable`, the strict copy
    /// `planted` and the lenient copy `planted-lenient` — the same bug twice.
    case hand(make: @Sendable (any MapperFactory) -> any PlantedBug)
    /// The write path every mapper shares: the campaign runs `codable` and `strict` over it.
    case writePath(PlantedWritePath)

    /// The name of the lenient copy of a `.hand` bug.
    static let lenientName = "planted-lenient"

    /// The campaign's mappers, the reference first.
    var mappers: [MapperSpec] {
        let codable = MapperSpec(factory: CodableMapperFactory(), style: .strict)
        switch self {
        case .codable(let bug):
            return [codable, MapperSpec(factory: PlantedFaultFactory(bug: bug), style: .strict)]
        case .strict(let bug):
            return [codable, MapperSpec(factory: PlantedFaultFactory(bug: bug, correct: StrictHandMapperFactory()), style: .strict)]
        case .hand(make: let make):
            return [
                codable,
                // One team's helper behind both styles: one family, which departs as one.
                MapperSpec(factory: PlantedFaultFactory(bug: make(StrictHandMapperFactory()), correct: StrictHandMapperFactory()), style: .strict,
                           family: PlantedFaultFactory.mapperName),
                MapperSpec(factory: PlantedFaultFactory(name: PlantedShapeSite.lenientName, bug: make(LenientHandMapperFactory()),
                                                        correct: LenientHandMapperFactory()), style: .lenient, family: PlantedFaultFactory.mapperName),
            ]
        case .writePath:
            return [codable, MapperSpec(factory: StrictHandMapperFactory(), style: .strict)]
        }
    }

    /// The storage the campaign writes through.
    var storage: any DocumentStorage {
        if case .writePath(let storage) = self { return storage }
        return WritePathStorage()
    }

    /// The mappers whose departures are the bug: the planted copies, or for a write-path bug
    /// every mapper (they all share it).
    var departing: Set<String> {
        switch self {
        case .codable, .strict: return [PlantedFaultFactory.mapperName]
        case .hand: return [PlantedFaultFactory.mapperName, PlantedShapeSite.lenientName]
        case .writePath: return Set(mappers.map(\.factory.name))
        }
    }

    /// Where the bug departs, for the table.
    var description: String {
        switch self {
        case .codable: return "Codable copy"
        case .strict: return "strict hand mapper"
        case .hand: return "strict + lenient hand mappers"
        case .writePath: return "shared write path"
        }
    }

    /// The strict hand-mapper copy of a bug that needs no factory.
    static func hand(_ bug: any PlantedBug) -> PlantedShapeSite { .hand(make: { _ in bug }) }
}

/// One real-shaped bug: the one line a person writes wrong, the rule of
/// `Docs/sdk-codable-rules.md` it breaks, how many independent rules that is, and what a
/// finding of it looks like.
struct PlantedShape: Sendable, CustomTestStringConvertible {
    /// A stable identifier.
    let id: String
    /// The wrong line, as a person would write it.
    let line: String
    /// The sections of `Docs/sdk-codable-rules.md` it breaks.
    let rule: String
    /// How many independent rules it breaks: the classes a report should show.
    var rules = 1
    /// Why it breaks more than one rule (nil when one).
    var why: String?
    /// Where it sits.
    let site: PlantedShapeSite
    /// Whether the leaf type of a finding is one the bug is about.
    let leaf: @Sendable (FieldType) -> Bool

    var testDescription: String { id }

    /// The mappers whose unexpected classes count: the planted copies (nil for a write-path
    /// bug: every unexpected class counts, whichever mapper shows it).
    var departing: Set<String>? {
        if case .writePath = site { return nil }
        return site.departing
    }

    /// Whether a finding is this bug's: unexpected, involving a departing mapper, at a leaf of
    /// a type the bug is about.
    func isBug(_ finding: Finding) -> Bool {
        !finding.isExpected && finding.discrepancy.outcomes.contains { site.departing.contains($0.mapper) }
            && (finding.discrepancy.facts.type.map { leaf($0.unwrapped) } ?? true)
    }
}

extension PlantedShape {
    /// Any leaf: the bug is about keys, not types.
    static let anyLeaf: @Sendable (FieldType) -> Bool = { _ in true }

    /// Every real-shaped bug.
    static let all: [PlantedShape] = [
        PlantedShape(id: "hand-reads-property-name", line: #"data["displayName"] where CodingKeys says "display_name""#,
                     rule: "§10, §4.1", site: .hand(make: { PropertyNameReadInsteadOfKey(factory: $0) }), leaf: anyLeaf),
        PlantedShape(id: "int64-read-through-double", line: #"Int64(data["k"] as? Double ?? 0)"#, rule: "§6 (integers)",
                     site: .hand(Int64ReadThroughDouble()), leaf: { $0 == .integer(.int64) || $0 == .integer(.int) }),
        PlantedShape(id: "optional-of-wrong-type-read-as-nil", line: #"self.k = data["k"] as? T  // for a T? property"#, rule: "§6.1, §7",
                     rules: 2, why: "`as? T` breaks two rules: a value of the wrong kind reads as nil where the SDK throws (§7), and a value the SDK converts (a whole double into an Int) reads as nil too (§6.1)",
                     site: .strict(OptionalOfWrongTypeReadAsNil()), leaf: anyLeaf),
        PlantedShape(id: "write-path-int8-quirk-removed", line: "case 'c': (objCType branch dropped) → stored as an integer", rule: "§13.1, §11",
                     site: .writePath(.int8AsInteger), leaf: { $0 == .integer(.int8) }),
        PlantedShape(id: "unkeyed-int32-overload-wraps", line: "func decode(_: Int32.Type) { Int32(truncatingIfNeeded: Int64(exactly: try decode(Double.self).rounded(.towardZero)) ?? 0) }",
                     rule: "§6 (integers), §6.2", site: .codable(UnkeyedInt32OverloadWraps()), leaf: { $0 == .integer(.int32) }),
        PlantedShape(id: "write-path-timestamps-rounded", line: "(nanos + 500) / 1000 where storage truncates", rule: "§13.11, §4 (Date)",
                     site: .writePath(.timestampsRounded), leaf: { $0 == .date || $0 == .timestamp }),
        PlantedShape(id: "nan-check-dropped-on-encode", line: #"data["k"] = value  // no isFinite check"#, rule: "§4 (NaN), §13.2",
                     site: .strict(NonFiniteCheckDroppedOnEncode()), leaf: { $0 == .double || $0 == .float }),
        PlantedShape(id: "float-nan-check-dropped-on-read", line: #"Float(data["k"] as? Double ?? 0)"#, rule: "§6 (Float), §13.2",
                     site: .strict(FloatAcceptsNonFinite()), leaf: { $0 == .float }),
        PlantedShape(id: "uint64-wrapped-on-encode", line: "Int64(truncatingIfNeeded: value)", rule: "§11, §13.3",
                     site: .codable(UnsignedWrappedOnEncode()), leaf: { $0 == .integer(.uint64) || $0 == .integer(.uint) }),
        PlantedShape(id: "boolean-read-as-integer", line: #"(data["k"] as? NSNumber)?.intValue"#, rule: "§13.12, §16.10",
                     site: .strict(BooleanReadAsInteger()), leaf: { if case .integer = $0 { return true } else { return false } }),
        PlantedShape(id: "double-read-through-float", line: #"Double(data["k"] as? Float ?? 0)"#, rule: "§6 (Double), §4 (Float)",
                     site: .hand(DoubleReadThroughFloat()), leaf: { $0 == .double }),
        PlantedShape(id: "client-clock-for-server-timestamp", line: "Timestamp(date: Date()) for a nil @ServerTimestamp", rule: "§9.2, §16.8",
                     site: .codable(ClientClockForServerTimestamp()), leaf: anyLeaf),
        PlantedShape(id: "snake-case-key-written", line: #""created_at": createdAt"#, rule: "§4.1, §10",
                     site: .strict(SnakeCaseKeyWritten()), leaf: anyLeaf),
        PlantedShape(id: "struct-array-read-as-map", line: #"(data["items"] as? [String: Any]).map { … } ?? []"#, rule: "§6 (arrays), §16.9",
                     site: .strict(StructArrayReadAsMap()), leaf: anyLeaf),
        PlantedShape(id: "date-read-from-seconds", line: #"Date(timeIntervalSince1970: data["d"] as? Double ?? 0)"#, rule: "§13.4, §16.8",
                     site: .strict(DateAcceptedFromNumber()), leaf: { $0 == .date }),
        PlantedShape(id: "explicit-null-wrapper-missing", line: "var deletedAt: Date?  // @ExplicitNull forgotten", rule: "§9.3; §13.6, §16.1",
                     rules: 2, why: "the wrapper carries two rules: a nil is written as null (§9.3), and an absent key fails (§13.6)",
                     site: .codable(ExplicitNullWrapperMissing()), leaf: anyLeaf),
        PlantedShape(id: "enum-raw-value-defaulted", line: #"Kind(rawValue: raw) ?? .first"#, rule: "§6 (enums)",
                     site: .strict(UnknownEnumRawValueAsFirstCase()), leaf: { if case .enumeration = $0 { return true } else { return false } }),
        PlantedShape(id: "nil-optional-written-as-null", line: #""k": value ?? NSNull()"#, rule: "§7, §16.7",
                     site: .strict(NilOptionalWrittenAsNull()), leaf: anyLeaf),
        PlantedShape(id: "decimal-written-as-string", line: #""price": price.description"#, rule: "§4 (Decimal), §13.10",
                     site: .strict(DecimalWrittenAsString()), leaf: { $0 == .decimal }),
        PlantedShape(id: "data-written-as-base64", line: #""blob": blob.base64EncodedString()"#, rule: "§4 (Data), §13.9, §16.5",
                     site: .strict(DataWrittenAsBase64()), leaf: { $0 == .data }),
        PlantedShape(id: "timestamp-nanoseconds-dropped", line: "Date(timeIntervalSince1970: TimeInterval(timestamp.seconds))", rule: "§6 (Date)",
                     site: .hand(TimestampNanosecondsDropped()), leaf: { $0 == .date }),
        PlantedShape(id: "optional-array-nulls-compacted", line: #"(data["k"] as? [Any])?.compactMap { $0 as? T }"#, rule: "§7, §6.2",
                     site: .strict(OptionalArrayNullsCompacted()), leaf: anyLeaf),
        PlantedShape(id: "dictionary-values-compacted", line: #"(data["k"] as? [String: Any])?.compactMapValues { $0 as? V }"#,
                     rule: "§6 ([String: V]), §7", site: .strict(DictionaryValuesCompacted()), leaf: anyLeaf),
    ]
}
