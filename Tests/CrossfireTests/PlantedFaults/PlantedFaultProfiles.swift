import Crossfire

/// Generation profiles that put the types a planted bug is about into most cases, while
/// keeping schemas small enough to run ten thousand cases in seconds.
extension GenerationProfile {
    /// Top-level scalars with property wrappers on half the fields (`@ServerTimestamp`,
    /// `@ExplicitNull`, `@DocumentID`).
    static let wrappers: GenerationProfile = {
        var profile = GenerationProfile.scalars
        profile.name = "planted-wrappers"
        profile.wrapperProbability = 0.5
        return profile
    }()

    /// Two levels of small structs, wrappers often: `@DocumentID` inside nested structs.
    static let nestedWrappers = GenerationProfile(
        name: "planted-nested-wrappers", maxDepth: 3, maxStructs: 3, maxFieldsPerStruct: 5, averageFieldsPerStruct: 2,
        maxEnums: 1, maxEnumCases: 3, averageEnumCases: 1.5,
        typeWeights: TypeWeights(
            bool: 1, integer: 2, string: 2, double: 1, float: 0, decimal: 0, date: 1, timestamp: 1, url: 0, data: 0,
            geoPoint: 0, documentReference: 0, hexColor: 0, enumeration: 1, array: 2, set: 0, dictionary: 1, structure: 6
        ),
        optionalProbability: 0.2, optionalElementProbability: 0.1, wrapperProbability: 0.3,
        renameProbability: 0.2, omittedKeyProbability: 0.03, reuseProbability: 0.2,
        maxCollectionCount: 3, averageCollectionCount: 1, maxStringLength: 8, averageStringLength: 3,
        edgeValueProbability: 0.3, absentOptionalProbability: 0.25, nullOptionalProbability: 0.25,
        unicodeProbability: 0.1, otherSDKNumberProbability: 0.1
    )

    /// Top-level dictionaries of every key kind (enum keys included) over scalar values.
    static let dictionaries = GenerationProfile(
        name: "planted-dictionaries", maxDepth: 2, maxStructs: 1, maxFieldsPerStruct: 6, averageFieldsPerStruct: 2.5,
        maxEnums: 2, maxEnumCases: 4, averageEnumCases: 2,
        typeWeights: TypeWeights(
            bool: 2, integer: 3, string: 3, double: 2, float: 1, decimal: 1, date: 2, timestamp: 1, url: 1, data: 1,
            geoPoint: 1, documentReference: 1, hexColor: 1, enumeration: 2, array: 1, set: 1, dictionary: 10, structure: 0
        ),
        optionalProbability: 0.2, optionalElementProbability: 0.2, wrapperProbability: 0.05,
        renameProbability: 0.2, omittedKeyProbability: 0.03, reuseProbability: 0.3,
        maxCollectionCount: 4, averageCollectionCount: 1.5, maxStringLength: 8, averageStringLength: 3,
        edgeValueProbability: 0.3, absentOptionalProbability: 0.25, nullOptionalProbability: 0.25,
        unicodeProbability: 0.1, otherSDKNumberProbability: 0.1
    )
}
