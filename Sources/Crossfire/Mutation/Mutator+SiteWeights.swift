import ModelSchema

/// How often the mutator picks each place for a fault: places of the rarer rule situations of
/// the coverage grid — values in dictionaries, sets and enum-keyed dictionaries, types schemas
/// hold less often, values coded by hand — count more, so that a default run reaches every cell of the
/// grid within ten thousand cases (`GridCell`), while every place keeps a chance.
extension Mutator {
    /// The weight of a value's place: its container's weight times its type's, three times
    /// that for a value coded by hand (a hand-written coding is a rule situation of its own).
    static func siteWeight(_ site: MutationSites.Value) -> Int {
        containerWeight(site.container) * familyWeight(site.type) * (site.coding == nil ? 1 : 3)
    }

    /// The weight of a corruption of a whole collection (a duplicate set element, a bad key).
    static let collectionWeight = 6

    /// The weight of a container kind.
    static func containerWeight(_ container: LeafContainer) -> Int {
        switch container {
        case .topLevel, .structField, .arrayElement: return 1
        case .setElement, .stringKeyedValue: return 2
        case .intKeyedValue: return 3
        case .enumKeyedKey, .enumKeyedValue: return 4
        }
    }

    /// The weight of a type: 1 for the kinds every schema has plenty of, 2 for the others, 3 for
    /// the ones schemas hold least (enums, dictionaries, sets, colors).
    static func familyWeight(_ type: FieldType) -> Int {
        switch type.unwrapped {
        case .string, .bool, .integer, .double, .structure, .array: return 1
        case .float, .decimal, .date, .timestamp, .url, .data, .geoPoint, .documentReference: return 2
        case .hexColor, .enumeration, .set, .dictionary: return 3
        case .optional: return 1
        }
    }
}
