/// The JSON form of a profile: one key per property, missing keys from `.default`, unknown
/// keys rejected with their coding path.
extension GenerationProfile: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, maxDepth, documentDepthLimit, maxStructs, maxFieldsPerStruct, averageFieldsPerStruct
        case maxEnums, maxEnumCases, averageEnumCases, typeWeights, optionalProbability
        case optionalElementProbability, wrapperProbability, renameProbability, omittedKeyProbability
        case reuseProbability, canonicalTwinKeys, spineProbability, handCodingProbability, situationTargetProbability
        case maxCollectionCount, averageCollectionCount
        case maxStringLength, averageStringLength, edgeValueProbability, absentOptionalProbability
        case nullOptionalProbability, unicodeProbability, otherSDKNumberProbability, otherEncodingProbability
    }

    /// A key of the profile object as written, known or not.
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads a profile; every key is optional (defaults from `.default`), unknown keys throw
    /// `DecodingError.dataCorrupted` at their path.
    public init(from decoder: any Decoder) throws {
        let every = try decoder.container(keyedBy: AnyKey.self)
        for key in every.allKeys where CodingKeys(stringValue: key.stringValue) == nil {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath + [key],
                debugDescription: "Unknown profile key \"\(key.stringValue)\"; known keys: "
                    + CodingKeys.allCases.map(\.stringValue).joined(separator: ", ")
            ))
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var profile = GenerationProfile.default
        func read<Value: Decodable>(_ key: CodingKeys, into value: inout Value) throws {
            if let decoded = try container.decodeIfPresent(Value.self, forKey: key) { value = decoded }
        }
        try read(.name, into: &profile.name)
        try read(.maxDepth, into: &profile.maxDepth)
        try read(.documentDepthLimit, into: &profile.documentDepthLimit)
        try read(.maxStructs, into: &profile.maxStructs)
        try read(.maxFieldsPerStruct, into: &profile.maxFieldsPerStruct)
        try read(.averageFieldsPerStruct, into: &profile.averageFieldsPerStruct)
        try read(.maxEnums, into: &profile.maxEnums)
        try read(.maxEnumCases, into: &profile.maxEnumCases)
        try read(.averageEnumCases, into: &profile.averageEnumCases)
        try read(.typeWeights, into: &profile.typeWeights)
        try read(.optionalProbability, into: &profile.optionalProbability)
        try read(.optionalElementProbability, into: &profile.optionalElementProbability)
        try read(.wrapperProbability, into: &profile.wrapperProbability)
        try read(.renameProbability, into: &profile.renameProbability)
        try read(.omittedKeyProbability, into: &profile.omittedKeyProbability)
        try read(.reuseProbability, into: &profile.reuseProbability)
        try read(.canonicalTwinKeys, into: &profile.canonicalTwinKeys)
        try read(.spineProbability, into: &profile.spineProbability)
        try read(.handCodingProbability, into: &profile.handCodingProbability)
        try read(.situationTargetProbability, into: &profile.situationTargetProbability)
        try read(.maxCollectionCount, into: &profile.maxCollectionCount)
        try read(.averageCollectionCount, into: &profile.averageCollectionCount)
        try read(.maxStringLength, into: &profile.maxStringLength)
        try read(.averageStringLength, into: &profile.averageStringLength)
        try read(.edgeValueProbability, into: &profile.edgeValueProbability)
        try read(.absentOptionalProbability, into: &profile.absentOptionalProbability)
        try read(.nullOptionalProbability, into: &profile.nullOptionalProbability)
        try read(.unicodeProbability, into: &profile.unicodeProbability)
        try read(.otherSDKNumberProbability, into: &profile.otherSDKNumberProbability)
        try read(.otherEncodingProbability, into: &profile.otherEncodingProbability)
        self = profile
    }

    /// Writes every key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(maxDepth, forKey: .maxDepth)
        try container.encode(documentDepthLimit, forKey: .documentDepthLimit)
        try container.encode(maxStructs, forKey: .maxStructs)
        try container.encode(maxFieldsPerStruct, forKey: .maxFieldsPerStruct)
        try container.encode(averageFieldsPerStruct, forKey: .averageFieldsPerStruct)
        try container.encode(maxEnums, forKey: .maxEnums)
        try container.encode(maxEnumCases, forKey: .maxEnumCases)
        try container.encode(averageEnumCases, forKey: .averageEnumCases)
        try container.encode(typeWeights, forKey: .typeWeights)
        try container.encode(optionalProbability, forKey: .optionalProbability)
        try container.encode(optionalElementProbability, forKey: .optionalElementProbability)
        try container.encode(wrapperProbability, forKey: .wrapperProbability)
        try container.encode(renameProbability, forKey: .renameProbability)
        try container.encode(omittedKeyProbability, forKey: .omittedKeyProbability)
        try container.encode(reuseProbability, forKey: .reuseProbability)
        try container.encode(canonicalTwinKeys, forKey: .canonicalTwinKeys)
        try container.encode(spineProbability, forKey: .spineProbability)
        try container.encode(handCodingProbability, forKey: .handCodingProbability)
        try container.encode(situationTargetProbability, forKey: .situationTargetProbability)
        try container.encode(maxCollectionCount, forKey: .maxCollectionCount)
        try container.encode(averageCollectionCount, forKey: .averageCollectionCount)
        try container.encode(maxStringLength, forKey: .maxStringLength)
        try container.encode(averageStringLength, forKey: .averageStringLength)
        try container.encode(edgeValueProbability, forKey: .edgeValueProbability)
        try container.encode(absentOptionalProbability, forKey: .absentOptionalProbability)
        try container.encode(nullOptionalProbability, forKey: .nullOptionalProbability)
        try container.encode(unicodeProbability, forKey: .unicodeProbability)
        try container.encode(otherSDKNumberProbability, forKey: .otherSDKNumberProbability)
        try container.encode(otherEncodingProbability, forKey: .otherEncodingProbability)
    }
}
