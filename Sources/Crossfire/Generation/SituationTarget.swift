import FirestoreModel
import ModelSchema

/// A situation of the coverage grid put into a case on purpose, so that a default run meets
/// every documented rule of the SDK, and every type, container and hand-written coding under
/// every fault it can take, early instead of by chance (a null in a `[String: Date]` comes
/// about once in 25,000 random cases): the generator's weights driven by the grid. With the
/// profile's `situationTargetProbability` a schema draws one goal — first the grid's table
/// (rule situations 4, hand-written codings 3, types 2, containers 1), then a goal of it
/// evenly, among those its profile can make — and its root struct's first field is the goal's
/// *carrier* (`SchemaBuilder+Targets.swift`): first, so that every decoder reaches it before
/// anything else can stop it. The carrier is generated like any field, in its own choice spans,
/// so that shrinking deletes it whole or keeps it:
///
/// - a written rule situation (`RuleSituation.column` is `roundTrip`) comes with the carrier and
///   its model value: a non-nil `Int8`, a `Date` below a microsecond, …;
/// - a read one also has the document hold its value, the fault it is: a null element the SDK
///   reads itself, a null in a `[String: Date]`, a number for a `Date`, `""` for a `URL`;
/// - a type, container or coding under a fault class has the document hold the mutator's fault
///   of that class in the carrier: at the carrier for a type or a coding, at an element for a
///   container, at the list or an element for a list coded element by element
///   (`DocumentGenerator+Targets.swift`).
struct SituationTarget: Hashable, Sendable {
    /// What a target puts into its case.
    enum Goal: Hashable, Sendable {
        /// A rule situation.
        case rule(RuleSituation)
        /// A hand-written coding under a fault of a class.
        case coding(FieldCoding, FaultClass)
        /// A type family under a fault of a class.
        case type(TypeFamily, FaultClass)
        /// A container kind under a fault of a class.
        case container(LeafContainer, FaultClass)
    }

    /// The goal.
    let goal: Goal
    /// The carrier: the root struct's first field.
    let carrier: FieldSchema

    /// The fault classes a goal can be under.
    static let faultClasses: [FaultClass] = [.missingKey, .nullValue, .wrongType, .corruptedData, .nestedArray]

    /// The kinds of container a collection carrier can hold its elements in.
    static let collectionContainers: [LeafContainer] = [.arrayElement, .setElement, .stringKeyedValue, .intKeyedValue, .enumKeyedKey, .enumKeyedValue]

    /// The goals a profile can make, by table: rule situations (those that need a collection
    /// only where it makes collections), codings, types, containers — each under the fault
    /// classes its grid row can be under, and only of what the profile makes (collections,
    /// nested structs, enums, hand-written codings).
    static func goals(for profile: GenerationProfile) -> [[Goal]] {
        let collections = profile.maxCollectionCount > 0
        let structs = profile.maxStructs > 1
        let enums = profile.maxEnums > 0
        func under(_ row: GridRow) -> [FaultClass] {
            faultClasses.filter { GridCell(row: row, column: GridColumn($0)).unreachableReason == nil }
        }
        let rules = RuleSituation.allCases.filter { collections || !$0.needsCollection }.map(Goal.rule)
        let codings = FieldCoding.allCases.filter { coding in
            guard profile.handCodingProbability > 0 else { return false }
            switch coding {
            case .elementwise: return collections
            case .nested, .superCoder: return structs
            case .singleValue, .twoEncodings: return true
            }
        }.flatMap { coding in under(.coding(coding)).map { Goal.coding(coding, $0) } }
        let types = TypeFamily.allCases.filter { family in
            switch family {
            case .array, .set, .stringDictionary, .intDictionary: return collections
            case .enumDictionary: return collections && enums
            case .rawEnum, .caseEnum: return enums
            case .structure: return structs
            default: return true
            }
        }.flatMap { family in under(.type(family)).map { Goal.type(family, $0) } }
        let containers = collections ? collectionContainers.filter { enums || ($0 != .enumKeyedKey && $0 != .enumKeyedValue) }.flatMap { container in
            under(.container(container)).map { Goal.container(container, $0) }
        } : []
        return [rules, codings, types, containers]
    }

    /// The weights of the tables of `goals(for:)`.
    static let tableWeights = [4, 3, 2, 1]

    /// A goal of `tables` (a profile's `goals(for:)`, made once per generator), drawn by table.
    static func drawGoal(from tables: [[Goal]], from source: inout ChoiceSource) -> Goal? {
        let table = tables[source.weightedIndex(count: tables.count) { tables[$0].isEmpty ? 0 : tableWeights[$0] }]
        return source.choose(from: table)
    }
}

extension RuleSituation {
    /// Whether a case of the situation needs a collection (an array or a dictionary).
    var needsCollection: Bool { self == .nullElementIndexTwice || self == .nullEntryDropped }
}
