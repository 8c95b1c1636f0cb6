extension CaseRunner {
    /// A runner of the built-in mappers with the given names (see `MapperSpec.named`) that
    /// generates with the preset profile of the given name — or with `.default` when the name
    /// is no preset, in which case choices recorded with that profile do not replay
    /// (`GenerationProfile.isPreset`).
    public static func builtIn(mappers: [String], profile: String, allowlist: Allowlist = .sdkBehaviour) throws(MapperSelectionError) -> CaseRunner {
        let generationProfile = (try? GenerationProfile.named(profile)) ?? .default
        return CaseRunner(mappers: try MapperSpec.named(mappers), generator: CaseGenerator(profile: generationProfile), allowlist: allowlist)
    }
}

extension GenerationProfile {
    /// Whether a profile a command line can name has this name (so that choices generated with
    /// it can be replayed).
    public static func isPreset(_ name: String) -> Bool {
        selectable.contains { $0.name == name }
    }
}
