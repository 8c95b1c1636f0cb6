import FirestoreModel
import ModelSchema

/// Documents not made from the schema: random Firestore trees within Firestore's limits
/// (depth, no array directly in an array), some keys borrowed from the schema's root so
/// that they half match.
struct ForeignTree {
    let profile: GenerationProfile
    let rootKeys: [String]

    init(profile: GenerationProfile, schema: ModelSchema) {
        self.profile = profile
        rootKeys = schema.structSchema(named: schema.root)?.fields.compactMap(\.codingKey) ?? []
    }

    /// A random document.
    func document(from source: inout ChoiceSource) -> FirestoreMap {
        map(level: 1, keys: rootKeys, from: &source)
    }

    private func map(level: Int, keys: [String], from source: inout ChoiceSource) -> FirestoreMap {
        var map = FirestoreMap()
        source.forEachElement(maxCount: max(profile.maxFieldsPerStruct, 1), averageCount: max(profile.averageFieldsPerStruct, 1)) { source, _ in
            let key = !keys.isEmpty && source.bool(probability: 0.4)
                ? source.choose(from: keys) ?? "a"
                : source.fieldName(profile: profile, edgeProbability: profile.edgeValueProbability)
            map[key] = value(level: level, insideArray: false, from: &source)
        }
        return map
    }

    /// Kinds of values a foreign tree holds, simplest first, with their weights.
    private static let kindWeights: [(kind: FirestoreValue.Kind, weight: Int)] = [
        (.null, 1), (.boolean, 2), (.integer, 3), (.double, 3), (.timestamp, 1), (.string, 3), (.bytes, 1),
        (.reference, 1), (.geoPoint, 1), (.array, 2), (.vector, 1), (.map, 2),
    ]

    private func value(level: Int, insideArray: Bool, from source: inout ChoiceSource) -> FirestoreValue {
        let canNest = level < profile.effectiveMaxDepth
        let weights = ForeignTree.kindWeights
        let kind = weights[source.weightedIndex(count: weights.count) { position in
            switch weights[position].kind {
            case .array: return canNest && !insideArray ? weights[position].weight : 0
            case .map: return canNest ? weights[position].weight : 0
            default: return weights[position].weight
            }
        }].kind
        let edge = profile.edgeValueProbability
        switch kind {
        case .null: return .null
        case .boolean: return .boolean(source.bool(probability: 0.5))
        case .integer: return .integer(source.storedInteger(.int64, edgeProbability: edge))
        case .double: return .double(source.doubleValue(edgeProbability: edge, allowNonFinite: true))
        case .timestamp: return .timestamp(source.timestamp(edgeProbability: edge, microsecondAligned: true))
        case .string: return .string(source.stringValue(profile: profile))
        case .bytes: return .bytes(source.bytes(profile: profile))
        case .reference: return source.documentReference(profile: profile).map(FirestoreValue.reference) ?? .null
        case .geoPoint: return .geoPoint(source.geoPoint(edgeProbability: edge))
        case .vector:
            return .vector(VectorValue(source.collection(maxCount: 4, averageCount: 2) { $0.doubleValue(edgeProbability: edge, allowNonFinite: false) }))
        case .array:
            return .array(source.collection(maxCount: profile.maxCollectionCount, averageCount: profile.averageCollectionCount) {
                value(level: level + 1, insideArray: true, from: &$0)
            })
        case .map:
            return .map(map(level: level + 1, keys: [], from: &source))
        }
    }
}
