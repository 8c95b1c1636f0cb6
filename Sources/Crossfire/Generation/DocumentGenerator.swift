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
/// `URL(string:)` accepts; `Data` as `.bytes`; and now and then (`otherEncodingProbability`)
/// another encoding the SDK accepts: an integral double for an integer or an `Int` raw value,
/// a `{seconds, nanoseconds}` map for a timestamp, a `{latitude, longitude}` map for a geo
/// point, a base64 string for bytes, the text a property coded `twoEncodings` also reads; the hex color as `#RRGGBB` / `#RRGGBBAA`;
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
package struct DocumentGenerator: Sendable {
    /// The schema the documents belong to.
    package var schema: ModelSchema { index.schema }
    /// The knobs.
    package let profile: GenerationProfile
    /// The rule situation the root struct's first field carries, when the schema has one.
    let target: SituationTarget?
    let index: SchemaIndex
    private let optionalWeights: [Int]
    private let nullOrValueWeights: [Int]

    /// A generator of documents of `schema`.
    package init(schema: ModelSchema, profile: GenerationProfile = .default) {
        self.init(index: SchemaIndex(schema), profile: profile, target: nil)
    }

    /// A generator of documents of `index`'s schema, whose root struct's first field carries `target`.
    init(index: SchemaIndex, profile: GenerationProfile, target: SituationTarget?) {
        self.profile = profile
        self.target = target
        self.index = index
        let absent = Int(profile.absentOptionalProbability * 1000)
        let null = Int(profile.nullOptionalProbability * 1000)
        optionalWeights = [absent, null, max(1000 - absent - null, 1)]
        nullOrValueWeights = [null, max(1000 - null, 1)]
    }

    /// A valid document: the root struct's fields.
    package func generate(from source: inout ChoiceSource) -> FirestoreMap {
        guard let root = index.rootStruct else { return FirestoreMap() }
        return fields(of: root, level: 1, from: &source)
    }

    /// A reference for the generated document (for snapshots and `@DocumentID`).
    package func reference(from source: inout ChoiceSource) -> DocumentReference? {
        source.documentReference(profile: profile)
    }

    /// A document with the value `target`'s carrier holds, and the fault that value is (none
    /// for a situation of writing): valid but for that fault.
    func generateWithTarget(from source: inout ChoiceSource) -> MutatedDocument {
        guard let root = index.rootStruct else { return MutatedDocument(document: FirestoreMap()) }
        var faults: [Fault] = []
        let document = fields(of: root, level: 1, planting: target, faults: &faults, from: &source)
        return MutatedDocument(document: document, faults: faults)
    }

    /// The fields of a struct value whose field values are at `level`.
    func fields(of structSchema: StructSchema, level: Int, from source: inout ChoiceSource) -> FirestoreMap {
        var faults: [Fault] = []
        return fields(of: structSchema, level: level, planting: nil, faults: &faults, from: &source)
    }

    /// The fields of a struct value whose field values are at `level`; the first field, when
    /// `target` is given, holds the target's value (in its own choices), its fault added to `faults`.
    private func fields(of structSchema: StructSchema, level: Int, planting target: SituationTarget?, faults: inout [Fault],
                        from source: inout ChoiceSource) -> FirestoreMap {
        var map = FirestoreMap()
        for (position, field) in structSchema.fields.enumerated() {
            guard let key = field.codingKey else { continue }
            let stored = source.span(.field) { source -> FirestoreValue? in
                var value = storedValue(of: field, level: level, from: &source)
                if field.coding == .twoEncodings, let written = value { value = asText(written, type: field.type.unwrapped, from: &source) }
                guard position == 0, let target else { return value }
                return plant(target, in: value, key: key, faults: &faults, from: &source)
            }
            if let stored { map[key] = stored }
        }
        return map
    }

    /// The value of a field of a valid document: none for an absent key.
    private func storedValue(of field: FieldSchema, level: Int, from source: inout ChoiceSource) -> FirestoreValue? {
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

    /// A value of a type that accepts two encodings, sometimes (`otherEncodingProbability`) as
    /// the string it also reads: base64 for `Data`, the text of a number or a boolean.
    private func asText(_ value: FirestoreValue, type: FieldType, from source: inout ChoiceSource) -> FirestoreValue {
        let text: String
        switch (type, value) {
        case (.data, .bytes(let data)): text = data.base64EncodedString()
        case (.integer, .integer(let number)): text = String(number)
        case (.integer, .double(let number)):
            guard let whole = Int64(exactly: number) else { return value }
            text = String(whole)
        case (.double, .integer(let number)): text = String(number)
        case (.double, .double(let number)): text = String(number)
        case (.bool, .boolean(let flag)): text = flag ? "true" : "false"
        default: return value
        }
        return source.bool(probability: profile.otherEncodingProbability) ? .string(text) : value
    }

    /// `value`, or sometimes (`otherEncodingProbability`) another encoding the SDK accepts for
    /// `type`, as a real database holds values written by other clients or SDK versions: an
    /// integral double for an integer or an `Int` raw value, a `{seconds, nanoseconds}` map for a
    /// timestamp, a `{latitude, longitude}` map for a geo point, a base64 string for bytes.
    private func otherwiseEncoded(_ value: FirestoreValue, level: Int, from source: inout ChoiceSource) -> FirestoreValue {
        let other: FirestoreValue
        // A map puts its values a level deeper, which the profile's depth must allow.
        let mapsAllowed = level < profile.effectiveMaxDepth
        switch value {
        case .integer(let number):
            let double = Double(number)
            guard double.magnitude <= 9_007_199_254_740_992, Int64(exactly: double) == number else { return value }
            other = .double(double)
        case .timestamp(let stamp) where mapsAllowed:
            other = .map(["seconds": .integer(stamp.seconds), "nanoseconds": .integer(Int64(stamp.nanoseconds))])
        case .geoPoint(let point) where mapsAllowed:
            other = .map(["latitude": .double(point.latitude), "longitude": .double(point.longitude)])
        case .bytes(let data): other = .string(data.base64EncodedString())
        default: return value
        }
        return source.bool(probability: profile.otherEncodingProbability) ? other : value
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
            return otherwiseEncoded(.integer(source.storedInteger(integerType, edgeProbability: edge)), level: level, from: &source)
        case .float:
            return number(floating: floatField(from: &source), from: &source)
        case .double:
            return number(floating: source.doubleValue(edgeProbability: edge, allowNonFinite: true), from: &source)
        case .decimal:
            let stored = source.edge(ScalarEdges.decimalDoubles, probability: edge) ?? Double(source.int64(in: -1_000_000...1_000_000)) / 1000
            return number(floating: stored, from: &source)
        case .date, .timestamp:
            return otherwiseEncoded(.timestamp(source.timestamp(edgeProbability: edge, microsecondAligned: true)), level: level, from: &source)
        case .url:
            return .string(source.urlString(edgeProbability: edge))
        case .data:
            return otherwiseEncoded(.bytes(source.bytes(profile: profile)), level: level, from: &source)
        case .geoPoint:
            return otherwiseEncoded(.geoPoint(source.geoPoint(edgeProbability: edge)), level: level, from: &source)
        case .documentReference:
            return source.documentReference(profile: profile).map(FirestoreValue.reference) ?? .null
        case .hexColor:
            return .string(source.hexString(of: source.color(edgeProbability: edge)))
        case .enumeration(let name):
            return otherwiseEncoded(enumValue(name, from: &source), level: level, from: &source)
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
                let keyValue = otherwiseEncoded(enumValue(name, from: &source), level: level, from: &source)
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
