import FirestoreModel
import Foundation
import ModelSchema

extension Allowlist {
    /// The reflective family's documented divergences from the SDK (`Docs/reflective-mapper.md`),
    /// for the mapper of that family named `mapper`: each entry holds only where that mapper's
    /// outcome is part of the finding, and states its rule over the root field the leaf lies in.
    /// The storage rules come first; `reflective-keeps-initial-value`, for any default where
    /// Codable refused the document, last.
    static func reflectiveDivergences(mapper: String) -> [AllowlistEntry] {
        [
            AllowlistEntry(
                id: "reflective-outside-table",
                reason: "Salada's table maps strings, numbers, booleans, URLs, dates, [String], Set<String> and [String: V] of strings, numbers and booleans; a property of any other type (a struct, an enum, a Decimal, a Timestamp, [Int], …) without a hook is never written and never read: it keeps its initial value, and nothing in it stops a write — where Codable refuses a value in it, the reflective mapper goes on, and stores the rest or meets a refusal Codable never reached.",
                excuses: .mapper(mapper)
            ) { discrepancy, schema in
                guard discrepancy.kind != .crash, let outcome = discrepancy.outcome(of: mapper) else { return false }
                if let field = schema.reflectiveRootField(of: discrepancy.path), ReflectiveTableKind(field) == nil {
                    return outcome.failure == nil || outcome.result == .passed
                }
                guard discrepancy.kind == .encodeDisagreement, let failure = discrepancy.outcomes.first?.failure,
                      let field = schema.reflectiveRootField(of: failure.leafPath), ReflectiveTableKind(field) == nil else { return false }
                return outcome.failure == nil || outcome.failure?.kind == .writeRejected
            },
            AllowlistEntry(
                id: "reflective-date-as-seconds",
                reason: "Salada stores a Date as its timeIntervalSince1970, a double of seconds, where Codable stores a timestamp: the reflective read of a timestamp (or of its {seconds, nanoseconds} map) leaves the Date at its initial value, and a Date beyond the years 1–9999 that the write path refuses as a timestamp is stored as a double. Read back, that double gives Date(timeIntervalSince1970:) of it, which keeps a Date only to a double's precision of seconds since 1970 (a Date counts from 2001).",
                excuses: .mapper(mapper)
            ) { discrepancy, schema in
                guard discrepancy.isAtRootField(of: .date, schema: schema), let outcome = discrepancy.outcome(of: mapper) else { return false }
                switch discrepancy.kind {
                case .encodeDisagreement:
                    let reference = discrepancy.outcomes.first
                    return outcome.result == .stored(.double)
                        && (reference?.result == .stored(.timestamp) || reference?.failure?.found == "\(WritePathError.Kind.timestampOutOfRange)")
                case .silentDefault:
                    // Codable reads a Date only from a timestamp or its {seconds, nanoseconds} map.
                    return discrepancy.check == .decode && outcome.result == .defaulted(.typeMismatch)
                        && discrepancy.outcomes.first.map { $0.mapper != mapper && $0.failure == nil } == true
                case .roundTripLoss:
                    // Its own double read back: the Date through timeIntervalSince1970, exactly.
                    guard discrepancy.facts.heldKind == .double, outcome.result == .value,
                          case .model(.date(let written))? = discrepancy.input, case .model(.date(let back))? = outcome.leaf else { return false }
                    return back == Date(timeIntervalSince1970: written.timeIntervalSince1970)
                default:
                    return false
                }
            },
            AllowlistEntry(
                id: "reflective-set-as-keys",
                reason: "Salada stores a Set<String> as the map {element: true} (its relations), where Codable stores an array: each reads the other's as nothing, so the reflective read of an array leaves the set at its initial value.",
                excuses: .mapper(mapper)
            ) { discrepancy, schema in
                guard discrepancy.isAtRootField(of: .set(.string), schema: schema), let outcome = discrepancy.outcome(of: mapper) else { return false }
                switch discrepancy.kind {
                case .encodeDisagreement: return outcome.result == .stored(.map) && discrepancy.outcomes.first?.result == .stored(.array)
                case .silentDefault:
                    return discrepancy.check == .decode && outcome.result == .defaulted(.typeMismatch) && discrepancy.facts.heldKind == .array
                default: return false
                }
            },
            AllowlistEntry(
                id: "reflective-set-element-as-field-name",
                reason: "Salada's map {element: true} makes each element of a Set<String> a field name, so an element Firestore refuses as one (the empty string, or one that begins and ends with __) makes the write fail, where Codable's array stores it.",
                excuses: .mapper(mapper)
            ) { discrepancy, schema in
                guard discrepancy.kind == .encodeDisagreement, let failure = discrepancy.outcome(of: mapper)?.failure, failure.kind == .writeRejected,
                      [WritePathError.Kind.emptyFieldName, .reservedFieldName].contains(where: { failure.found == "\($0)" }),
                      failure.leafPath.count == 2, let field = schema.reflectiveRootField(of: failure.leafPath) else { return false }
                return ReflectiveTableKind(field) == .stringSet
            },
            AllowlistEntry(
                id: "reflective-empty-collections",
                reason: "Salada writes no empty [String] or Set<String> (Firebase's database cannot hold an empty collection) and never reads one, where Codable writes and reads []: an optional one that is empty reads back nil.",
                excuses: .mapper(mapper)
            ) { discrepancy, schema in
                guard discrepancy.isAtRootField(of: .array(.string), schema: schema) || discrepancy.isAtRootField(of: .set(.string), schema: schema),
                      let outcome = discrepancy.outcome(of: mapper) else { return false }
                switch discrepancy.kind {
                case .encodeDisagreement:
                    return outcome.result == .absent && discrepancy.outcomes.first?.result == .stored(.array) && discrepancy.input?.isEmptyCollection == true
                case .decodeDisagreement:
                    return outcome.result == .null && discrepancy.outcomes.first?.leaf?.isEmptyCollection == true
                case .roundTripLoss:
                    return outcome.result == .null && discrepancy.input?.isEmptyCollection == true
                default:
                    return false
                }
            },
            AllowlistEntry(
                id: "reflective-writes-non-finite",
                reason: "Salada writes a Float or Double as it is, NaN and ±infinity included, where Codable's default strategy refuses them (invalidValue): the reflective mapper stores the number — or goes on to fail later, where the write path refuses something else.",
                excuses: .mapper(mapper)
            ) { discrepancy, schema in
                guard discrepancy.kind == .encodeDisagreement, let failure = discrepancy.outcomes.first?.failure, failure.kind == .invalidValue,
                      [TypeFamily.float, .double].contains(schema.fieldType(at: failure.leafPath).map { TypeFamily($0, schema: schema) }),
                      schema.reflectiveRootField(of: failure.leafPath).flatMap(ReflectiveTableKind.init) != nil,
                      let outcome = discrepancy.outcome(of: mapper) else { return false }
                return outcome.result == .stored(.double) || outcome.failure?.kind == .writeRejected
            },
            AllowlistEntry(
                id: "reflective-exact-number-casts",
                reason: "Salada reads numbers with `as?` on the NSNumber the SDK hands out, which bridges only exact values: a Float refuses a double no Float holds (0.1), a Double an integer beyond 2^53 — so the property keeps its initial value where Codable reads the nearest number.",
                excuses: .mapper(mapper)
            ) { discrepancy, schema in
                guard discrepancy.kind == .silentDefault, discrepancy.check == .decode, discrepancy.outcome(of: mapper)?.result == .defaulted(.dataCorrupted),
                      discrepancy.outcomes.first.map({ $0.mapper != mapper && $0.failure == nil }) == true, discrepancy.path.count == 1,
                      let field = schema.reflectiveRootField(of: discrepancy.path), case .stored(let held) = discrepancy.facts.held else { return false }
                switch ReflectiveTableKind(field) {
                case .number(let type)?: return ReflectiveTableKind.isInexact(held, as: type)
                case .object(let value)?:
                    guard case .map(let entries) = held else { return false }
                    return entries.values.contains { ReflectiveTableKind.isInexact($0, as: value) }
                default: return false
                }
            },
            AllowlistEntry(
                id: "reflective-no-property-wrappers",
                reason: "Salada has no property wrappers, nor wrapper types of its own: a nil @ExplicitNull or @ServerTimestamp property, or one a hand-written single-value wrapper codes, is left out like any nil, where Codable writes null or the server-timestamp sentinel.",
                excuses: .mapper(mapper)
            ) { discrepancy, schema in
                guard discrepancy.kind == .encodeDisagreement, discrepancy.path.count == 1, discrepancy.outcome(of: mapper)?.result == .absent,
                      let reference = discrepancy.outcomes.first?.result, let field = schema.reflectiveRootField(of: discrepancy.path) else { return false }
                switch (field.wrapper, field.coding) {
                case (.explicitNull?, _), (nil, .singleValue?): return reference == .stored(.null)
                case (.serverTimestamp?, _): return reference == .stored(.timestamp)
                default: return false
                }
            },
            AllowlistEntry(
                id: "reflective-one-encoding",
                reason: "Salada reads a property with `as?` of its declared type: where a hand-written type also accepts a second encoding (a number or a boolean from its text, Data from base64), Codable reads the string and the reflective property keeps its initial value.",
                excuses: .mapper(mapper)
            ) { discrepancy, schema in
                guard discrepancy.kind == .silentDefault, discrepancy.check == .decode, discrepancy.path.count == 1,
                      discrepancy.outcome(of: mapper)?.result == .defaulted(.typeMismatch), discrepancy.facts.heldKind == .string,
                      discrepancy.outcomes.first.map({ $0.mapper != mapper && $0.failure == nil }) == true else { return false }
                return schema.reflectiveRootField(of: discrepancy.path)?.coding == .twoEncodings
            },
            AllowlistEntry(
                id: "reflective-keeps-initial-value",
                reason: "Salada's key-by-key read never fails: where Codable refuses the document (a missing key, a null, a value of another type or out of range, here or elsewhere), the property keeps its initial value, and the mapper reports it.",
                excuses: .mapper(mapper)
            ) { discrepancy, _ in
                discrepancy.kind == .silentDefault && discrepancy.check == .decode && discrepancy.isDefaulted(by: mapper)
                    && discrepancy.outcomes.first.map { $0.mapper != mapper && $0.failure != nil } == true
            },
        ]
    }
}

extension Discrepancy {
    /// The outcome of the mapper named `mapper`, when it is part of the finding.
    func outcome(of mapper: String) -> MapperOutcome? {
        outcomes.first { $0.mapper == mapper }
    }

    /// Whether the mapper named `mapper` put a default at the leaf.
    func isDefaulted(by mapper: String) -> Bool {
        if case .defaulted? = outcome(of: mapper)?.result { return true }
        return false
    }

    /// Whether the leaf is a root field the reflective table maps whose type, its optional
    /// unwrapped, is `type`.
    func isAtRootField(of type: FieldType, schema: ModelSchema) -> Bool {
        path.count == 1 && schema.reflectiveRootField(of: path).map { $0.type.unwrapped == type && $0.hook == nil } == true
    }
}

extension LeafValue {
    /// Whether it is an empty array or set (a model value) or an empty array (a stored one).
    var isEmptyCollection: Bool {
        switch self {
        case .model(.array(let elements)), .model(.set(let elements)): return elements.isEmpty
        case .stored(.array(let elements)): return elements.isEmpty
        default: return false
        }
    }
}

extension ReflectiveTableKind {
    /// Whether a stored number is one Codable reads into `type` but Apple's `as?` bridging
    /// refuses: a double (not NaN) no `Float` holds exactly, an integer no `Float` or `Double`
    /// holds exactly.
    static func isInexact(_ held: FirestoreValue, as type: FieldType) -> Bool {
        switch (type, held) {
        case (.float, .double(let value)): return !value.isNaN && Float(exactly: value) == nil
        case (.float, .integer(let value)): return Float(exactly: value) == nil
        case (.double, .integer(let value)): return Double(exactly: value) == nil
        default: return false
        }
    }
}
