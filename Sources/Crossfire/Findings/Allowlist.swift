import FirestoreModel
import Foundation
import ModelSchema

/// A known divergence: a finding that the SDK's documented behaviour explains, reported as
/// expected rather than as a failure.
package struct AllowlistEntry: Sendable, Hashable {
    /// A stable identifier, e.g. `int8-stored-as-boolean`.
    package var id: String
    /// Why this is expected, with its source.
    package var reason: String
    /// The rule situations in which the SDK rule the entry stands for must fire: a strict
    /// mapper that reached one and gave no class the entry explains there misses the rule
    /// (`ExpectationCheck`). Empty for an entry that stands for no rule of the SDK (a mapping
    /// style's choice).
    package var expectedIn: [RuleSituation]
    /// Whose behaviour the entry excuses: a discrepancy of the same shape from another mapper is unexpected.
    package var excuses: AllowlistExcuse
    let matches: @Sendable (Discrepancy, ModelSchema) -> Bool

    /// Creates an entry that excuses `excuses` where `matches` holds.
    package init(id: String, reason: String, expectedIn: [RuleSituation] = [], excuses: AllowlistExcuse,
                 matches: @escaping @Sendable (Discrepancy, ModelSchema) -> Bool) {
        self.id = id
        self.reason = reason
        self.expectedIn = expectedIn
        self.excuses = excuses
        self.matches = matches
    }

    package static func == (lhs: AllowlistEntry, rhs: AllowlistEntry) -> Bool { lhs.id == rhs.id }
    package func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// The known divergences of a campaign.
package struct Allowlist: Sendable {
    /// The entries, consulted in order.
    package var entries: [AllowlistEntry]
    /// The style of each mapper, by name: the built-in ones, or a run's (`scoped(to:)`).
    private var styles: [String: MapperStyle]
    /// The name of the reference mapper.
    private var reference: String

    /// Creates an allowlist for the built-in mappers.
    package init(entries: [AllowlistEntry]) {
        self.entries = entries
        styles = Dictionary(MapperSpec.selectable.map { ($0.name, $0.style) }, uniquingKeysWith: { first, _ in first })
        reference = MapperSpec.builtIn.first?.name ?? ""
    }

    /// The allowlist for a run of `mappers`, the first of them the reference.
    package func scoped(to mappers: [MapperSpec]) -> Allowlist {
        var scoped = self
        scoped.styles = Dictionary(mappers.map { ($0.name, $0.style) }, uniquingKeysWith: { first, _ in first })
        scoped.reference = mappers.first?.name ?? reference
        return scoped
    }

    /// The first entry that explains a discrepancy, for a mapper it excuses.
    package func entry(explaining discrepancy: Discrepancy, schema: ModelSchema) -> AllowlistEntry? {
        entries.first { excuses($0.excuses, discrepancy) && $0.matches(discrepancy, schema) }
    }

    /// Whether the mappers a discrepancy is about are the ones `excuse` names: the other side
    /// of a two-sided discrepancy, or the one mapper of a one-sided one.
    private func excuses(_ excuse: AllowlistExcuse, _ discrepancy: Discrepancy) -> Bool {
        let outcomes = discrepancy.outcomes
        let departing = (outcomes.count > 1 ? Array(outcomes.dropFirst()) : outcomes).map(\.mapper)
        switch excuse {
        case .everyMapper: return true
        case .reference: return outcomes.first?.mapper == reference
        case .style(let style): return !departing.isEmpty && departing.allSatisfy { styles[$0] == style }
        case .mapper(let name): return outcomes.contains { $0.mapper == name }
        }
    }

    /// The divergences that Firebase's own documented behaviour explains
    /// (`Docs/sdk-codable-rules.md` §6, §7, §9, §11–13), then the reflective family's documented
    /// divergences from it (`reflectiveDivergences(mapper:)`, for the mapper `reflective`), then
    /// the emulator's own refusals that production documents no rule for and the −0.0 the
    /// server gives back as 0.0 (`emulatorDifferences`, which only the storage check meets). Each
    /// entry states its rule over the leaf of a discrepancy — its type, wrapper and container,
    /// what the input held there, each mapper's result — never over the text of a type, so that
    /// it holds at any nesting (a struct in an enum-keyed dictionary in an array, a set of
    /// structs, …).
    package static let sdkBehaviour = documented(reflectiveMapper: ReflectiveMapperFactory.mapperName)

    /// `sdkBehaviour` with the reflective family's entries for the mapper named
    /// `reflectiveMapper` (a planted copy of the reflective mapper goes by another name).
    package static func documented(reflectiveMapper: String) -> Allowlist {
        Allowlist(entries: sdkEntries + reflectiveDivergences(mapper: reflectiveMapper) + emulatorDifferences)
    }

    /// The SDK's documented behaviour, each entry naming whose behaviour it excuses; the lenient
    /// style's defaults are not the reflective mapper's (another style), whose own entries say
    /// which of its defaults are expected.
    private static let sdkEntries: [AllowlistEntry] = [
        AllowlistEntry(
            id: "lenient-silent-default",
            reason: "The lenient style substitutes a default by design (the `?? default` idiom); each default is reported, none is a failure.",
            excuses: .style(.lenient)
        ) { discrepancy, _ in discrepancy.kind == .silentDefault },
        AllowlistEntry(
            id: "int8-stored-as-boolean",
            reason: "The SDK's write path stores Int8/CChar as a boolean (objCType 'c'), so reading it back as a number fails with a type mismatch, or — where booleans bridge to numbers — gives 1 for any non-zero value and 0 for zero (sdk-codable-rules §13.1).",
            expectedIn: [.int8AsBoolean],
            excuses: .everyMapper
        ) { discrepancy, _ in
            guard discrepancy.kind == .roundTripLoss, discrepancy.facts.type?.unwrapped == .integer(.int8),
                  discrepancy.facts.heldKind == .boolean, let outcome = discrepancy.outcomes.first else { return false }
            switch (outcome.result, discrepancy.input, outcome.leaf) {
            case (.failed(.typeMismatch, .here), _, _):
                return true
            case let (.value, .model(.int(written))?, .model(.int(readBack))?):
                return readBack == (written == 0 ? 0 : 1)
            default:
                return false
            }
        },
        AllowlistEntry(
            id: "storage-precision",
            reason: "Firestore stores Decimal as the double nearest to it and keeps time to the microsecond, and a Date is split into seconds and truncated nanoseconds and read back as Double seconds, so what lies beyond comes back changed (sdk-codable-rules §4, §13.10, §13.11): exactly that, and Foundation's Decimal(Double) of that double (a few ulps off, NaN beyond about 1e±127), is expected. In a set the leaf pairs elements by likeness, not by what storage made of them, so there the whole set must have come back so.",
            expectedIn: [.dateBelowMicrosecond, .timestampBelowMicrosecond, .decimalThroughDouble],
            excuses: .everyMapper
        ) { discrepancy, schema in
            guard discrepancy.kind == .roundTripLoss, let outcome = discrepancy.outcomes.first, outcome.result == .value,
                  case .model(let written)? = discrepancy.input, case .model(let readBack)? = outcome.leaf
            else { return false }
            switch discrepancy.facts.family {
            case .decimal?, .date?, .timestamp?:
                return StorageEquivalence.equivalent(written, readBack) || discrepancy.enclosingSetCameBackAsStored(schema: schema)
            default: return false
            }
        },
        AllowlistEntry(
            id: "lenient-decimal-exact",
            reason: "Codable reads a Decimal through Double (sdk-codable-rules §6), while `as? Decimal` on an NSNumber keeps every digit of an integer: the two differ beyond 2^53.",
            excuses: .style(.lenient)
        ) { discrepancy, _ in
            guard discrepancy.kind == .decodeDisagreement, discrepancy.facts.family == .decimal,
                  discrepancy.outcomes.count == 2, discrepancy.outcomes.allSatisfy({ $0.result == .value }),
                  case .model(let codable)? = discrepancy.outcomes[0].leaf, case .model(.decimal(let exact))? = discrepancy.outcomes[1].leaf
            else { return false }
            // The lenient side holds an integer (read whole from an NSNumber), Codable's the
            // same number through Double.
            var whole = Decimal()
            var copy = exact
            NSDecimalRound(&whole, &copy, 0, .plain)
            return whole == exact && StorageEquivalence.equivalent(.decimal(exact), codable)
        },
        AllowlistEntry(
            id: "set-elements-merged",
            reason: "Elements that storage makes equal (Int8 stored as a boolean, times cut to the microsecond, Decimals through Double, @DocumentID read from the reference) — or that Codable's reading of a Decimal through Double makes equal — become one element of a Set, so one side has an element fewer: expected when that side holds an element equal to the missing one as the SDK reads it back (sdk-codable-rules §6, §9.1, §13.1, §13.10–11).",
            excuses: .everyMapper
        ) { discrepancy, schema in
            guard discrepancy.kind == .roundTripLoss || discrepancy.kind == .decodeDisagreement,
                  discrepancy.facts.container == .setElement, let sets = discrepancy.enclosingSet,
                  let elementType = discrepancy.facts.type else { return false }
            let present: ModelValue
            let otherSet: ModelValue
            switch discrepancy.kind {
            case .roundTripLoss:
                guard case .model(let written)? = discrepancy.input, discrepancy.outcomes.first?.result == .absent else { return false }
                (present, otherSet) = (written, sets.right)
            default:
                guard discrepancy.outcomes.count == 2 else { return false }
                switch (discrepancy.outcomes[0].leaf, discrepancy.outcomes[1].leaf) {
                case (.absent?, .model(let value)?): (present, otherSet) = (value, sets.left)
                case (.model(let value)?, .absent?): (present, otherSet) = (value, sets.right)
                default: return false
                }
            }
            guard case .set(let elements) = otherSet else { return false }
            return elements.contains { SDKReadBack.equivalent(present, $0, type: elementType, schema: schema) }
        },
        AllowlistEntry(
            id: "sdk-index-twice",
            reason: "For a null element of a Date, Data, URL, Decimal or [String: V] in an unkeyed container (an array, a set, an enum-keyed dictionary's flat array), and for a null element a hand-written init(from:) reads through the unkeyed container's concrete overloads (decode(Int8.self) and the like), the SDK's decoder reads the element itself and puts its index on the coding path twice (sdk-codable-rules §5, §6.2); the hand mapper names the element once.",
            expectedIn: [.nullElementIndexTwice],
            excuses: .reference
        ) { discrepancy, schema in
            guard discrepancy.kind == .decodeDisagreement, discrepancy.outcomes.count == 2,
                  [.date, .data, .url, .decimal, .stringDictionary].contains(discrepancy.facts.family)
                    || schema.isReadByConcreteOverload(discrepancy.path),
                  let first = discrepancy.outcomes[0].failure, let second = discrepancy.outcomes[1].failure,
                  first.kind == .valueNotFound, second.kind == .valueNotFound,
                  case .index(let last)? = first.leafPath.components.last
            else { return false }
            return first.leafPath == second.leafPath.appending(index: last)
        },
        AllowlistEntry(
            id: "canonically-equivalent-keys",
            reason: "Two coding keys that differ in code points but are equal under Swift's String == (\"é\" and \"e\\u{301}\") fall into one entry of a Swift [String: Any], so one field takes the other's value — and a reflective read that finds the other field's value there keeps its initial value; likewise a document's key equal to a coding key only under String == is read as that field, where the document holds nothing by code points or holds both keys. The SDK on Apple hands an NSDictionary, which keeps both (firestore-data-model §4).",
            excuses: .everyMapper
        ) { discrepancy, schema in
            guard [.roundTripLoss, .encodeDisagreement, .silentDefault].contains(discrepancy.kind) else { return false }
            // Nothing there by code points, yet the reference read a value: a twin key gave it.
            if discrepancy.check == .decode, discrepancy.facts.held == .absent,
               case .model(let read)? = discrepancy.outcomes.first?.leaf, read != .null {
                return true
            }
            // The document holds the key and its twin: one entry, the mappers read either value.
            if discrepancy.check == .decode, discrepancy.facts.keyTwinnedInInput { return true }
            // The SDK's errors without a coding path (a DocumentReference read from another
            // type) cannot say where: a schema with twins anywhere explains them.
            if discrepancy.outcomes.contains(where: { $0.failure.map { !$0.hasPath } ?? false }) {
                return schema.hasCanonicalTwins
            }
            // At the leaf, or where a mapper failed: two keys meeting in one entry make Codable's
            // encoder refuse a nested container opened under the other (a hand-written
            // `encode(to:)`), wherever the other mapper then stops.
            let places = [discrepancy.path] + discrepancy.outcomes.compactMap { $0.failure.flatMap { $0.hasPath ? $0.leafPath : nil } }
            return places.contains { place in
                place.components.indices.contains { depth in schema.hasCanonicalTwin(at: ValuePath(Array(place.components[...depth]))) }
            }
        },
        AllowlistEntry(
            id: "server-timestamp-filled",
            reason: "@ServerTimestamp nil is written as the server-timestamp sentinel; the server fills in its time (sdk-codable-rules §9.2).",
            expectedIn: [.nilServerTimestamp],
            excuses: .everyMapper
        ) { discrepancy, _ in
            discrepancy.kind == .roundTripLoss && discrepancy.facts.wrapper == .serverTimestamp && discrepancy.input == .model(.null)
                && discrepancy.outcomes.first?.result == .value
        },
        AllowlistEntry(
            id: "document-id-from-reference",
            reason: "@DocumentID is never written and is read from the document's reference, not from the model (sdk-codable-rules §9.1).",
            expectedIn: [.documentIDFromReference],
            excuses: .everyMapper
        ) { discrepancy, _ in
            discrepancy.kind == .roundTripLoss && discrepancy.facts.wrapper == .documentID
        },
    ]
}

extension ModelSchema {
    /// Whether the value at `path` is an element of a list a hand-written `init(from:)` reads
    /// element by element (`FieldCoding.elementwise`) through the unkeyed container's concrete
    /// overloads: a `String`, `Bool`, `Double`, `Float` or integer element.
    func isReadByConcreteOverload(_ path: ValuePath) -> Bool {
        guard case .index? = path.components.last, fieldSchema(at: path.parent)?.coding == .elementwise,
              let type = fieldType(at: path) else { return false }
        return type.unwrapped.hasConcreteOverloads
    }

    /// Whether any struct has two fields whose coding keys are equal under Swift's `String ==`
    /// but not in code points.
    var hasCanonicalTwins: Bool {
        structs.contains { structSchema in
            let keys = structSchema.fields.compactMap(\.codingKey)
            return keys.indices.contains { first in
                keys[(first + 1)...].contains { $0 == keys[first] && !$0.utf8.elementsEqual(keys[first].utf8) }
            }
        }
    }

    /// Whether the struct field a path ends at has a sibling whose coding key is equal to its
    /// own under Swift's `String ==` but not in code points.
    func hasCanonicalTwin(at path: ValuePath) -> Bool {
        guard let field = fieldSchema(at: path), let key = field.codingKey,
              let parent = structSchema(containing: path) else { return false }
        return parent.fields.contains { other in
            guard let otherKey = other.codingKey else { return false }
            return otherKey == key && !otherKey.utf8.elementsEqual(key.utf8)
        }
    }

    /// The struct whose field the last step of `path` names.
    private func structSchema(containing path: ValuePath) -> StructSchema? {
        let parentPath = path.parent
        if parentPath.isRoot { return rootStruct }
        if case .structure(let name)? = fieldType(at: parentPath)?.unwrapped { return structSchema(named: name) }
        return nil
    }

    /// The struct field a path ends at, when its last step is a struct field.
    package func fieldSchema(at path: ValuePath) -> FieldSchema? {
        SchemaCursor(schema: self, path: path).field
    }
}
