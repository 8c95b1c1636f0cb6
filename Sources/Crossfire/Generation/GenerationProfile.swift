import ModelSchema

/// The knobs of schema, document and model-value generation, with a name so that a command
/// line can pick one (`--profile deep`); see the presets in `GenerationProfile+Presets.swift`.
///
/// Its JSON form has one key per property; a key left out takes the value of `.default`,
/// an unknown key is an error (so a misspelt knob is never silently ignored).
/// Probabilities are in `0...1`; depths and counts are non-negative. Generators clamp
/// values outside those ranges; `validate()` reports them.
public struct GenerationProfile: Hashable, Sendable {
    /// The profile's name (`default`, `deep`, …).
    package var name: String

    // MARK: Schema shape

    /// The deepest nesting level a document value may reach: a top-level field's value is at
    /// level 1, each map or array adds a level. Capped by `documentDepthLimit`.
    package var maxDepth: Int
    /// Firestore's limit on nesting depth (20); no generated document goes deeper.
    package var documentDepthLimit: Int
    /// The most structs a schema has, the root included.
    package var maxStructs: Int
    /// The most fields a struct has.
    package var maxFieldsPerStruct: Int
    /// The average number of fields of a struct.
    package var averageFieldsPerStruct: Double
    /// The most enums a schema has.
    package var maxEnums: Int
    /// The most cases an enum has.
    package var maxEnumCases: Int
    /// The average number of cases of an enum.
    package var averageEnumCases: Double
    /// How often each kind of field type is picked.
    package var typeWeights: TypeWeights
    /// The probability that a field's type is optional.
    package var optionalProbability: Double
    /// The probability that an element or dictionary value type is optional.
    package var optionalElementProbability: Double
    /// The probability that a field has a property wrapper (`@DocumentID`, `@ServerTimestamp`, `@ExplicitNull`).
    package var wrapperProbability: Double
    /// The probability that a field's coding key differs from its name.
    package var renameProbability: Double
    /// The probability that a field whose type has a zero value is left out of `CodingKeys`.
    package var omittedKeyProbability: Double
    /// The probability that a struct or enum field type reuses an existing definition.
    package var reuseProbability: Double
    /// Whether two coding keys of a struct may be canonical twins (`é` beside `e\u{301}`:
    /// equal as Swift strings, different code points), on purpose or by chance.
    /// `ModelSchema.validated()` and the Swift emitter reject such pairs (they compare keys
    /// as Swift strings), so schemas meant for them turn this off.
    package var canonicalTwinKeys: Bool
    /// The probability, at each level, that a struct's first field is a new nested struct
    /// (required, unwrapped): a spine that carries documents down to `maxDepth`.
    package var spineProbability: Double
    /// The probability that a coded property without a wrapper, of a type some hand-written
    /// coding fits, is coded by hand (`FieldCoding`, one of those that fit, drawn evenly).
    package var handCodingProbability: Double
    /// The probability that a case gets one of the SDK's rule situations on purpose
    /// (`SituationTarget`): a field first in its root struct whose value is in the situation.
    package var situationTargetProbability: Double

    // MARK: Values

    /// The most elements of an array, set or dictionary.
    package var maxCollectionCount: Int
    /// The average number of elements of a collection.
    package var averageCollectionCount: Double
    /// The most characters of a generated string.
    package var maxStringLength: Int
    /// The average number of characters of a generated string.
    package var averageStringLength: Double
    /// The probability that a scalar value is taken from its type's edge values (limits,
    /// NaN, −0.0, empty, …) rather than drawn at random.
    package var edgeValueProbability: Double
    /// The weight of "absent" for an optional field (against null and a value).
    package var absentOptionalProbability: Double
    /// The weight of "null" for an optional field or element (against absent and a value).
    package var nullOptionalProbability: Double
    /// The probability that a character of a string or key is drawn beyond ASCII.
    package var unicodeProbability: Double
    /// The probability that a `Double`, `Float` or `Decimal` field holds an integer, as
    /// other SDKs (the web SDK) write integral numbers.
    package var otherSDKNumberProbability: Double
    /// The probability that a value a real database may hold in another encoding the SDK
    /// accepts is written in it (`DocumentGenerator`): `Data` as a base64 string (SDK 10.0–10.3),
    /// a `Date` or `Timestamp` as a `{seconds, nanoseconds}` map, a `GeoPoint` as a
    /// `{latitude, longitude}` map, an integer as an integral double.
    package var otherEncodingProbability: Double

    // MARK: A fixed model

    /// When set, every case is of this schema: no schema is generated (and none of the schema
    /// knobs above plays a part). Not part of the JSON form: a profile read from JSON generates
    /// its schemas.
    package var fixedSchema: ModelSchema?

    /// A profile with every knob given.
    package init(
        name: String, maxDepth: Int, documentDepthLimit: Int = 20, maxStructs: Int, maxFieldsPerStruct: Int,
        averageFieldsPerStruct: Double, maxEnums: Int, maxEnumCases: Int, averageEnumCases: Double,
        typeWeights: TypeWeights, optionalProbability: Double, optionalElementProbability: Double,
        wrapperProbability: Double, renameProbability: Double, omittedKeyProbability: Double,
        reuseProbability: Double, canonicalTwinKeys: Bool = true, spineProbability: Double = 0, handCodingProbability: Double = 0,
        situationTargetProbability: Double = 0, maxCollectionCount: Int,
        averageCollectionCount: Double, maxStringLength: Int, averageStringLength: Double,
        edgeValueProbability: Double, absentOptionalProbability: Double, nullOptionalProbability: Double,
        unicodeProbability: Double, otherSDKNumberProbability: Double, otherEncodingProbability: Double = 0,
        fixedSchema: ModelSchema? = nil
    ) {
        self.name = name
        self.maxDepth = maxDepth
        self.documentDepthLimit = documentDepthLimit
        self.maxStructs = maxStructs
        self.maxFieldsPerStruct = maxFieldsPerStruct
        self.averageFieldsPerStruct = averageFieldsPerStruct
        self.maxEnums = maxEnums
        self.maxEnumCases = maxEnumCases
        self.averageEnumCases = averageEnumCases
        self.typeWeights = typeWeights
        self.optionalProbability = optionalProbability
        self.optionalElementProbability = optionalElementProbability
        self.wrapperProbability = wrapperProbability
        self.renameProbability = renameProbability
        self.omittedKeyProbability = omittedKeyProbability
        self.reuseProbability = reuseProbability
        self.canonicalTwinKeys = canonicalTwinKeys
        self.spineProbability = spineProbability
        self.handCodingProbability = handCodingProbability
        self.situationTargetProbability = situationTargetProbability
        self.maxCollectionCount = maxCollectionCount
        self.averageCollectionCount = averageCollectionCount
        self.maxStringLength = maxStringLength
        self.averageStringLength = averageStringLength
        self.edgeValueProbability = edgeValueProbability
        self.absentOptionalProbability = absentOptionalProbability
        self.nullOptionalProbability = nullOptionalProbability
        self.unicodeProbability = unicodeProbability
        self.otherSDKNumberProbability = otherSDKNumberProbability
        self.otherEncodingProbability = otherEncodingProbability
        self.fixedSchema = fixedSchema
    }

    /// The nesting level no generated value exceeds: `maxDepth` capped by the document limit.
    package var effectiveMaxDepth: Int { max(1, min(maxDepth, documentDepthLimit)) }

    /// Checks every knob's range; the error names the first knob out of range.
    package func validate() throws(ProfileError) {
        func count(_ value: Int, _ key: String, minimum: Int = 0) throws(ProfileError) {
            guard value >= minimum else { throw ProfileError(profile: name, key: key, reason: "must be at least \(minimum), is \(value)") }
        }
        func probability(_ value: Double, _ key: String) throws(ProfileError) {
            guard value >= 0, value <= 1 else { throw ProfileError(profile: name, key: key, reason: "must be a probability in 0...1, is \(value)") }
        }
        func average(_ value: Double, _ key: String) throws(ProfileError) {
            guard value >= 0, value.isFinite else { throw ProfileError(profile: name, key: key, reason: "must be a finite non-negative number, is \(value)") }
        }
        guard !name.isEmpty else { throw ProfileError(profile: name, key: "name", reason: "must not be empty") }
        try count(maxDepth, "maxDepth", minimum: 1)
        try count(documentDepthLimit, "documentDepthLimit", minimum: 1)
        try count(maxStructs, "maxStructs", minimum: 1)
        try count(maxFieldsPerStruct, "maxFieldsPerStruct")
        try average(averageFieldsPerStruct, "averageFieldsPerStruct")
        try count(maxEnums, "maxEnums")
        try count(maxEnumCases, "maxEnumCases", minimum: 1)
        try average(averageEnumCases, "averageEnumCases")
        for kind in TypeKind.allCases where typeWeights[kind] < 0 {
            throw ProfileError(profile: name, key: "typeWeights.\(kind.rawValue)", reason: "must not be negative, is \(typeWeights[kind])")
        }
        guard TypeKind.allCases.contains(where: { !$0.isContainer && $0 != .enumeration && typeWeights[$0] > 0 }) else {
            throw ProfileError(profile: name, key: "typeWeights", reason: "at least one scalar kind needs a positive weight")
        }
        try probability(optionalProbability, "optionalProbability")
        try probability(optionalElementProbability, "optionalElementProbability")
        try probability(wrapperProbability, "wrapperProbability")
        try probability(renameProbability, "renameProbability")
        try probability(omittedKeyProbability, "omittedKeyProbability")
        try probability(reuseProbability, "reuseProbability")
        try probability(spineProbability, "spineProbability")
        try probability(handCodingProbability, "handCodingProbability")
        try probability(situationTargetProbability, "situationTargetProbability")
        try count(maxCollectionCount, "maxCollectionCount")
        try average(averageCollectionCount, "averageCollectionCount")
        try count(maxStringLength, "maxStringLength")
        try average(averageStringLength, "averageStringLength")
        try probability(edgeValueProbability, "edgeValueProbability")
        try probability(absentOptionalProbability, "absentOptionalProbability")
        try probability(nullOptionalProbability, "nullOptionalProbability")
        guard absentOptionalProbability + nullOptionalProbability <= 1 else {
            throw ProfileError(profile: name, key: "nullOptionalProbability", reason: "absent and null probabilities together exceed 1")
        }
        try probability(unicodeProbability, "unicodeProbability")
        try probability(otherSDKNumberProbability, "otherSDKNumberProbability")
        try probability(otherEncodingProbability, "otherEncodingProbability")
    }
}

/// A generation profile knob out of range, or an unknown profile name.
package struct ProfileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The profile's name.
    package let profile: String
    /// The knob (JSON key) that is wrong.
    package let key: String
    /// What is wrong with it.
    package let reason: String

    /// An error about one knob of a profile.
    package init(profile: String, key: String, reason: String) {
        self.profile = profile
        self.key = key
        self.reason = reason
    }

    package var description: String { "profile \"\(profile)\": \(key) \(reason)" }
}
