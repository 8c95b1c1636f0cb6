extension CaseRunner {
    /// A runner of the given mappers that generates with the preset profile of the given name —
    /// or with `.default` when the name is no preset, in which case choices recorded with that
    /// profile do not replay (`GenerationProfile.isPreset`). Every runner rebuilt from a record
    /// (a journal, a regression file) is made here.
    package init(mappers: [MapperSpec], profileNamed profile: String, allowlist: Allowlist = .sdkBehaviour) {
        let generationProfile = (try? GenerationProfile.named(profile)) ?? .default
        self.init(mappers: mappers, generator: CaseGenerator(profile: generationProfile), allowlist: allowlist)
    }

    /// A runner of the built-in mappers with the given names (see `MapperSpec.named`) that
    /// generates with the preset profile of the given name (see `init(mappers:profileNamed:allowlist:)`).
    package static func builtIn(mappers: [String], profile: String, allowlist: Allowlist = .sdkBehaviour) throws(MapperSelectionError) -> CaseRunner {
        CaseRunner(mappers: try MapperSpec.named(mappers), profileNamed: profile, allowlist: allowlist)
    }
}

extension GenerationProfile {
    /// Whether a profile a command line can name has this name (so that choices generated with
    /// it can be replayed).
    package static func isPreset(_ name: String) -> Bool {
        selectable.contains { $0.name == name }
    }
}
