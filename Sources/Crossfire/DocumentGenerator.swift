import FirestoreModel
import Foundation
import ModelSchema

/// Generates valid documents of a schema, in exactly the shapes Firestore's read path
/// hands the SDK, biased towards edge values.
///
/// Shapes, type by type: integers as `.integer` (every width within its range; `UInt64`
/// and `UInt` only up to `Int64.max`, the most Firestore stores); `Float`, `Double` and
/// `Decimal` as `.double` (integral values included, and `.integer` as other SDKs write
/// integral numbers; NaN and ±Infinity only for `Double`, Floats within Float's range);
/// `Date` and `Timestamp` as `.timestamp` with whole microseconds; `URL` as a string
/// `URL(string:)` accepts; `Data` as `.bytes`; the hex color as `#RRGGBB` / `#RRGGBBAA`;
/// raw-value enums as their raw value, others as `{"case": {}}`; arrays and sets as arrays
/// (sets without elements Swift would merge, and without NaN); `[String: V]` as maps with
/// valid field names that Swift keeps apart; `[Int: V]` as maps with decimal keys;
/// enum-keyed dictionaries as flat `[k1, v1, k2, v2, …]` arrays; structs as maps.
///
/// Fields: a field left out of `CodingKeys` is absent; `@DocumentID` is absent or present
/// with junk (which must be ignored); `@ServerTimestamp`, `@ExplicitNull` and a single-value
/// wrapper of an optional are present, null or a value; plain optionals are absent, null or a
/// value; the rest are present.
///
/// The schema must be valid (see `SchemaGenerator`); for an invalid one the output is
/// unspecified, but generation ends: no value nests deeper than the profile's
/// `documentDepthLimit`, and unknown type names give null.
public struct DocumentGenerator: Sendable {
    /// The schema the documents belong to.
    public var schema: ModelSchema { index.schema }
    /// The knobs.
    public let profile: GenerationProfile
    let index: SchemaIndex
    private let optionalWeights: [Int]
    private let nullOrValueWeights: [Int]

    /// A generator of documents of `schema`.
    public init(schema: ModelSchema, profile: GenerationProfile = .default) {
        self.profile = profile
        index = SchemaIndex(schema)
        let absent = Int(profile.absentOptionalProbability * 1000)
        let null = Int(profile.nullOptionalProbability * 1000)
        optionalWeights = [absent, null, max(1000 - absent - null, 1)]
        nullOrValueWeights = [null, max(1000 - null, 1)]
    }

    /// A valid document: the root struct's fields.
    public func generate(from source: inout ChoiceSource) -> FirestoreMap {
        guard let root = index.rootStruct else { return FirestoreMap() }
        return fields(of: root, level: 1, from: &source)
    }

    /// A reference for the generated document (for snapshots and `@DocumentID`).
    public func reference(from source: inout ChoiceSource) -> DocumentReference? {
        source.documentReference(profile: profile)
    }

    /// The fields of a struct value whose field values are at `level`.
    func fields(of structSchema: StructSchema, level: Int, from source: inout ChoiceSource) -> FirestoreMap {
        var map = FirestoreMap()
        for field in structSchema.fields {
            guard let key = field.codingKey else { continue }
            let stored = source.span(.field) { source -> FirestoreValue? in
                switch field.wrapper {
                case .documentID:
                    return source.bool(probability: 0.3) ? junk(from: &source) : nil
                case .serverTimestamp, .explicitNull:
                    return source.weightedIndex(nullOrValueWeights) == 0 ? .null : value(of: field.type.unwrapped, level: level, from: &source)
                case nil where field.requiresKey && field.type.isOptional:
                    // A single-value wrapper of an optional: always there, null for nil.
                    return source.weightedIndex(nullOrValueWeights) == 0 ? .null : value(of: field.type.unwrapped, level: level, from: &source)
                case nil:
                    guard case .optional(let inner) = field.type else { return value(of: field.type, level: level, from: &source) }
                    switch source.weightedIndex(optionalWeights) {
                    case 0: return nil
                    case 1: return .null
                    default: return value(of: inner, level: level, from: &source)
                    }
                }
            }
            if let stored { map[key] = stored }
        }
        return map
    }

    /// A scalar that no mapper may read: under a `@DocumentID` key, or an unknown key.
    func junk(from source: inout ChoiceSource) -> FirestoreValue {
        switch source.weightedIndex(count: 4, weight: { _ in 1 }) {
        case 0: return .string(source.stringValue(profile: profile))
        case 1: return .integer(source.storedInteger(.int64, edgeProbability: profile.edgeValueProbability))
        case 2: return .null
        default: return .boolean(true)
        }
    }

    /// A value of `type` at `level` of the document.
    func value(of type: FieldType, level: Int, from source: inout ChoiceSource) -> FirestoreValue {
        guard level <= profile.documentDepthLimit else { return .null }
        let edge = profile.edgeValueProbability
        switch type {
        case .optional(let inner):
            return source.weightedIndex(nullOrValueWeights) == 0 ? .null : value(of: inner, level: level, from: &source)
        case .string:
            return .string(source.stringValue(profile: profile))
        case .bool:
            return .boolean(source.bool(probability: 0.5))
        case .integer(let integerType):
            return .integer(source.storedInteger(integerType, edgeProbability: edge))
        case .float:
            return number(floating: floatField(from: &source), from: &source)
        case .double:
            return number(floating: source.doubleValue(edgeProbability: edge, allowNonFinite: true), from: &source)
        case .decimal:
            let stored = source.edge(ScalarEdges.decimalDoubles, probability: edge) ?? Double(source.int64(in: -1_000_000...1_000_000)) / 1000
            return number(floating: stored, from: &source)
        case .date, .timestamp:
            return .timestamp(source.timestamp(edgeProbability: edge, microsecondAligned: true))
        case .url:
            return .string(source.urlString(edgeProbability: edge))
        case .data:
            return .bytes(source.bytes(profile: profile))
        case .geoPoint:
            return .geoPoint(source.geoPoint(edgeProbability: edge))
        case .documentReference:
            return source.documentReference(profile: profile).map(FirestoreValue.reference) ?? .null
        case .hexColor:
            return .string(source.hexString(of: source.color(edgeProbability: edge)))
        case .enumeration(let name):
            return enumValue(name, from: &source)
        case .structure(let name):
            guard let structSchema = index.structSchema(named: name) else { return .null }
            return .map(fields(of: structSchema, level: level + 1, from: &source))
        case .array(let element):
            var values: [FirestoreValue] = []
            source.forEachElement(maxCount: profile.maxCollectionCount, averageCount: profile.averageCollectionCount) { source, _ in
                values.append(value(of: element, level: level + 1, from: &source))
            }
            return .array(values)
        case .set(let element):
            return .array(setElements(element, level: level + 1, from: &source))
        case .dictionary(let key, let valueType):
            return dictionary(key: key, value: valueType, level: level, from: &source)
        }
    }

    /// A double for a `Float` field: mostly a widened `Float` (as Swift writes them),
    /// sometimes any double within Float's range (as other SDKs write them; reading rounds it).
    private func floatField(from source: inout ChoiceSource) -> Double {
        if source.bool(probability: profile.otherSDKNumberProbability) {
            let any = source.finiteDouble()
            return abs(any) <= Double(Float.greatestFiniteMagnitude) ? any : Double(Float.greatestFiniteMagnitude)
        }
        return Double(source.floatValue(edgeProbability: profile.edgeValueProbability, allowNonFinite: false))
    }

    /// A `.double`, or (as other SDKs write integral numbers) sometimes an `.integer`.
    private func number(floating: Double, from source: inout ChoiceSource) -> FirestoreValue {
        guard source.bool(probability: profile.otherSDKNumberProbability) else { return .double(floating) }
        return .integer(source.storedInteger(.int64, edgeProbability: profile.edgeValueProbability))
    }

    /// A case of the enum in its coded form. Simplest: the first case.
    func enumValue(_ name: String, from source: inout ChoiceSource) -> FirestoreValue {
        guard let enumSchema = index.enumSchema(named: name), let enumCase = source.choose(from: enumSchema.cases) else { return .null }
        switch enumSchema.rawValue(of: enumCase) {
        case .string(let raw)?: return .string(raw)
        case .int(let raw)?: return .integer(raw)
        case nil: return .map([enumCase.name: .map(FirestoreMap())])
        }
    }

    /// Set elements at `level`: those Swift would merge with an earlier one, and NaN, left out.
    private func setElements(_ element: FieldType, level: Int, from source: inout ChoiceSource) -> [FirestoreValue] {
        var values: [FirestoreValue] = []
        var seen: Set<SwiftEquivalenceKey> = []
        source.forEachElement(maxCount: profile.maxCollectionCount, averageCount: profile.averageCollectionCount) { source, _ in
            let candidate = value(of: element, level: level, from: &source)
            if let key = SwiftEquivalenceKey(stored: candidate, as: element), seen.insert(key).inserted {
                values.append(candidate)
            }
        }
        return values
    }

    /// A dictionary whose own value is at `level`.
    private func dictionary(key: DictionaryKeyType, value valueType: FieldType, level: Int, from source: inout ChoiceSource) -> FirestoreValue {
        switch key {
        case .string:
            var map = FirestoreMap()
            var seen: Set<String> = []
            source.forEachElement(maxCount: profile.maxCollectionCount, averageCount: profile.averageCollectionCount) { source, _ in
                let name = source.fieldName(profile: profile, edgeProbability: profile.edgeValueProbability)
                let entry = value(of: valueType, level: level + 1, from: &source)
                if seen.insert(name).inserted { map[name] = entry }
            }
            return .map(map)
        case .int:
            var map = FirestoreMap()
            source.forEachElement(maxCount: profile.maxCollectionCount, averageCount: profile.averageCollectionCount) { source, _ in
                let number = source.storedInteger(.int, edgeProbability: profile.edgeValueProbability)
                let entry = value(of: valueType, level: level + 1, from: &source)
                let name = String(number)
                if !map.contains(key: name) { map[name] = entry }
            }
            return .map(map)
        case .enumeration(let name):
            var flat: [FirestoreValue] = []
            var seen: Set<SwiftEquivalenceKey> = []
            let caseCount = index.enumSchema(named: name)?.cases.count ?? 0
            source.forEachElement(maxCount: min(profile.maxCollectionCount, caseCount), averageCount: profile.averageCollectionCount) { source, _ in
                let keyValue = enumValue(name, from: &source)
                let entry = value(of: valueType, level: level + 1, from: &source)
                if let swiftKey = SwiftEquivalenceKey(stored: keyValue, as: .enumeration(name)), seen.insert(swiftKey).inserted {
                    flat.append(keyValue)
                    flat.append(entry)
                }
            }
            return .array(flat)
        }
    }
}
