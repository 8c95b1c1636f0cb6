/// The named profiles a command line offers with `--profile NAME`.
extension GenerationProfile {
    /// A mix of everything at moderate size: five levels deep, a few structs and enums.
    package static let `default` = GenerationProfile(
        name: "default", maxDepth: 5, maxStructs: 6, maxFieldsPerStruct: 8, averageFieldsPerStruct: 3,
        maxEnums: 3, maxEnumCases: 5, averageEnumCases: 2.5, typeWeights: .balanced,
        optionalProbability: 0.25, optionalElementProbability: 0.1, wrapperProbability: 0.08,
        renameProbability: 0.25, omittedKeyProbability: 0.04, reuseProbability: 0.3, handCodingProbability: 0.12, situationTargetProbability: 0.2,
        maxCollectionCount: 5, averageCollectionCount: 1.5, maxStringLength: 16, averageStringLength: 4,
        edgeValueProbability: 0.3, absentOptionalProbability: 0.25, nullOptionalProbability: 0.25,
        unicodeProbability: 0.15, otherSDKNumberProbability: 0.1, otherEncodingProbability: 0.1
    )

    /// Nesting up to Firestore's depth limit of 20: narrow structs, containers favoured, and
    /// mostly a spine of required structs down to the limit.
    package static let deep = GenerationProfile(
        name: "deep", maxDepth: 20, maxStructs: 30, maxFieldsPerStruct: 4, averageFieldsPerStruct: 1.8,
        maxEnums: 3, maxEnumCases: 4, averageEnumCases: 2, typeWeights: .nested,
        optionalProbability: 0.2, optionalElementProbability: 0.1, wrapperProbability: 0.05,
        renameProbability: 0.2, omittedKeyProbability: 0.03, reuseProbability: 0.2,
        spineProbability: 0.95, handCodingProbability: 0.1, situationTargetProbability: 0.1,
        maxCollectionCount: 2, averageCollectionCount: 1, maxStringLength: 8, averageStringLength: 3,
        edgeValueProbability: 0.3, absentOptionalProbability: 0.1, nullOptionalProbability: 0.1,
        unicodeProbability: 0.15, otherSDKNumberProbability: 0.1, otherEncodingProbability: 0.1
    )

    /// Flat and wide: up to 64 fields per struct, long collections and strings.
    package static let wide = GenerationProfile(
        name: "wide", maxDepth: 3, maxStructs: 4, maxFieldsPerStruct: 64, averageFieldsPerStruct: 24,
        maxEnums: 4, maxEnumCases: 12, averageEnumCases: 5, typeWeights: .balanced,
        optionalProbability: 0.25, optionalElementProbability: 0.1, wrapperProbability: 0.05,
        renameProbability: 0.3, omittedKeyProbability: 0.04, reuseProbability: 0.3, handCodingProbability: 0.08, situationTargetProbability: 0.1,
        maxCollectionCount: 16, averageCollectionCount: 4, maxStringLength: 64, averageStringLength: 12,
        edgeValueProbability: 0.3, absentOptionalProbability: 0.2, nullOptionalProbability: 0.2,
        unicodeProbability: 0.15, otherSDKNumberProbability: 0.1, otherEncodingProbability: 0.05
    )

    /// Top-level scalar and enum fields only, every edge value often: the number and
    /// string conversions under the magnifying glass.
    package static let scalars = GenerationProfile(
        name: "scalars", maxDepth: 1, maxStructs: 1, maxFieldsPerStruct: 12, averageFieldsPerStruct: 5,
        maxEnums: 3, maxEnumCases: 5, averageEnumCases: 2.5, typeWeights: .scalarsOnly,
        optionalProbability: 0.25, optionalElementProbability: 0, wrapperProbability: 0.1,
        renameProbability: 0.25, omittedKeyProbability: 0.04, reuseProbability: 0.3, handCodingProbability: 0.15, situationTargetProbability: 0.15,
        maxCollectionCount: 0, averageCollectionCount: 0, maxStringLength: 16, averageStringLength: 4,
        edgeValueProbability: 0.5, absentOptionalProbability: 0.25, nullOptionalProbability: 0.25,
        unicodeProbability: 0.2, otherSDKNumberProbability: 0.2, otherEncodingProbability: 0.15
    )

    /// Hostile names and values: Unicode and odd coding keys, renames, wrappers and edge
    /// values most of the time.
    package static let edges = GenerationProfile(
        name: "edges", maxDepth: 6, maxStructs: 6, maxFieldsPerStruct: 10, averageFieldsPerStruct: 4,
        maxEnums: 3, maxEnumCases: 6, averageEnumCases: 3, typeWeights: .balanced,
        optionalProbability: 0.35, optionalElementProbability: 0.25, wrapperProbability: 0.25,
        renameProbability: 0.7, omittedKeyProbability: 0.1, reuseProbability: 0.3,
        spineProbability: 0.3, handCodingProbability: 0.25, situationTargetProbability: 0.2,
        maxCollectionCount: 6, averageCollectionCount: 2, maxStringLength: 24, averageStringLength: 6,
        edgeValueProbability: 0.8, absentOptionalProbability: 0.3, nullOptionalProbability: 0.3,
        unicodeProbability: 0.5, otherSDKNumberProbability: 0.3, otherEncodingProbability: 0.3
    )

    /// Every preset that generates its schemas, `default` first.
    package static let presets: [GenerationProfile] = [.default, .deep, .wide, .scalars, .edges]

    /// Seed 002's `User` (`SeedModelSchemas.saladaUser`, with its hooks) in every case; its
    /// documents and values as `default` makes them.
    package static let saladaUser: GenerationProfile = {
        var profile = GenerationProfile.default
        profile.name = "salada-user"
        profile.fixedSchema = SeedModelSchemas.saladaUser
        return profile
    }()

    /// Every profile a command line can name: the presets, then the fixed-model ones.
    package static let selectable: [GenerationProfile] = presets + [saladaUser]

    /// The profile with the given name.
    package static func named(_ name: String) throws(ProfileError) -> GenerationProfile {
        guard let profile = selectable.first(where: { $0.name == name }) else {
            throw ProfileError(profile: name, key: "name", reason: "is not a preset; presets: " + selectable.map(\.name).joined(separator: ", "))
        }
        return profile
    }
}
