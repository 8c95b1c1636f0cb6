import FirestoreModel
import Foundation
import ModelSchema

/// Generates valid model values of a schema — what an app would hand `setData(from:)` —
/// for the encode direction, biased towards edge values.
///
/// Every value is one a Swift model can hold: integers over each width's whole range
/// (`UInt64` beyond `Int64.max` included), `Float` and `Double` with NaN, −0.0 and
/// ±Infinity (which the encoder must refuse), `Date`s with sub-microsecond fractions and
/// `distantPast` (which Firestore cannot store), timestamps with any nanoseconds in
/// Firestore's range, `Decimal` with NaN, valid geo points, references and URLs. Sets hold
/// no NaN and no two elements Swift would merge; dictionary keys are distinct as Swift
/// values. A field left out of `CodingKeys` holds its zero value (it is never coded, so a
/// round trip gives it back); `@DocumentID` and `@ServerTimestamp` fields are nil or a value.
package struct ModelValueGenerator: Sendable {
    /// The schema the values belong to.
    package var schema: ModelSchema { index.schema }
    /// The knobs.
    package let profile: GenerationProfile
    let index: SchemaIndex
    private let nullOrValueWeights: [Int]

    /// A generator of values of `schema`.
    package init(schema: ModelSchema, profile: GenerationProfile = .default) {
        self.init(index: SchemaIndex(schema), profile: profile)
    }

    /// A generator of values of `index`'s schema.
    init(index: SchemaIndex, profile: GenerationProfile) {
        self.profile = profile
        self.index = index
        let null = Int((profile.absentOptionalProbability + profile.nullOptionalProbability) * 1000)
        nullOrValueWeights = [null, max(1000 - null, 1)]
    }

    /// A value of the root struct (`.structure`).
    package func generate(from source: inout ChoiceSource) -> ModelValue {
        guard let root = index.rootStruct else { return .structure([]) }
        return structure(root, level: 1, from: &source)
    }

    /// A struct value whose field values are at `level`: every field, in declaration order.
    func structure(_ structSchema: StructSchema, level: Int, from source: inout ChoiceSource) -> ModelValue {
        var fields: [ModelField] = []
        fields.reserveCapacity(structSchema.fields.count)
        for field in structSchema.fields {
            let value = source.span(.field) { source -> ModelValue in
                if field.codingKey == nil, let zero = field.type.zeroValue { return zero }
                return self.value(of: field.type, level: level, from: &source)
            }
            fields.append(ModelField(name: field.name, value: value))
        }
        return .structure(fields)
    }

    /// A value of `type` at `level`.
    func value(of type: FieldType, level: Int, from source: inout ChoiceSource) -> ModelValue {
        guard level <= profile.documentDepthLimit else { return .null }
        let edge = profile.edgeValueProbability
        switch type {
        case .optional(let inner):
            return source.weightedIndex(nullOrValueWeights) == 0 ? .null : value(of: inner, level: level, from: &source)
        case .string:
            return .string(source.stringValue(profile: profile))
        case .bool:
            return .bool(source.bool(probability: 0.5))
        case .integer(let integerType):
            if integerType.isSigned { return .int(source.storedInteger(integerType, edgeProbability: edge)) }
            return .uint(source.unsignedInteger(integerType, edgeProbability: edge))
        case .float:
            return .float(source.floatValue(edgeProbability: edge, allowNonFinite: true))
        case .double:
            return .double(source.doubleValue(edgeProbability: edge, allowNonFinite: true))
        case .decimal:
            if let decimal = source.edge(ScalarEdges.decimals, probability: edge) { return .decimal(decimal) }
            return .decimal(Decimal(source.int64(in: -1_000_000_000...1_000_000_000)) / Decimal(1000))
        case .date:
            return .date(source.date(edgeProbability: edge))
        case .timestamp:
            return .timestamp(source.timestamp(edgeProbability: edge, microsecondAligned: false))
        case .url:
            return .url(URL(string: source.urlString(edgeProbability: edge)) ?? URL(fileURLWithPath: "/"))
        case .data:
            return .data(source.bytes(profile: profile))
        case .geoPoint:
            return .geoPoint(source.geoPoint(edgeProbability: edge))
        case .documentReference:
            return source.documentReference(profile: profile).map(ModelValue.reference) ?? .null
        case .hexColor:
            return .color(source.color(edgeProbability: edge))
        case .enumeration(let name):
            guard let enumCase = index.enumSchema(named: name).flatMap({ source.choose(from: $0.cases) }) else { return .null }
            return .enumCase(enumCase.name)
        case .structure(let name):
            guard let structSchema = index.structSchema(named: name) else { return .null }
            return structure(structSchema, level: level + 1, from: &source)
        case .array(let element):
            var values: [ModelValue] = []
            source.forEachElement(maxCount: profile.maxCollectionCount, averageCount: profile.averageCollectionCount) { source, _ in
                values.append(value(of: element, level: level + 1, from: &source))
            }
            return .array(values)
        case .set(let element):
            var values: [ModelValue] = []
            var seen: Set<SwiftEquivalenceKey> = []
            source.forEachElement(maxCount: profile.maxCollectionCount, averageCount: profile.averageCollectionCount) { source, _ in
                let candidate = value(of: element, level: level + 1, from: &source)
                if let key = SwiftEquivalenceKey(model: candidate), seen.insert(key).inserted { values.append(candidate) }
            }
            return .set(values)
        case .dictionary(let key, let valueType):
            return dictionary(key: key, value: valueType, level: level, from: &source)
        }
    }

    /// A dictionary whose own value is at `level`; keys distinct as Swift values.
    private func dictionary(key: DictionaryKeyType, value valueType: FieldType, level: Int, from source: inout ChoiceSource) -> ModelValue {
        var entries: [ModelDictionaryEntry] = []
        var seen: Set<SwiftEquivalenceKey> = []
        let maxCount: Int
        if case .enumeration(let name) = key {
            maxCount = min(profile.maxCollectionCount, index.enumSchema(named: name)?.cases.count ?? 0)
        } else {
            maxCount = profile.maxCollectionCount
        }
        source.forEachElement(maxCount: maxCount, averageCount: profile.averageCollectionCount) { source, _ in
            let keyValue: ModelValue
            switch key {
            case .string: keyValue = .string(source.fieldName(profile: profile, edgeProbability: profile.edgeValueProbability))
            case .int: keyValue = .int(source.storedInteger(.int, edgeProbability: profile.edgeValueProbability))
            case .enumeration: keyValue = value(of: key.fieldType, level: level + 1, from: &source)
            }
            let entry = value(of: valueType, level: level + 1, from: &source)
            if let swiftKey = SwiftEquivalenceKey(model: keyValue), seen.insert(swiftKey).inserted {
                entries.append(ModelDictionaryEntry(key: keyValue, value: entry))
            }
        }
        return .dictionary(entries)
    }
}
