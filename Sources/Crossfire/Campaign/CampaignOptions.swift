import ModelSchema

/// What a campaign runs: how many cases or how long, from which seed, with which mappers,
/// and where it writes.
package struct CampaignOptions: Sendable {
    /// The campaign seed; case `i` is generated from a seed derived from it and `i`.
    package var seed: UInt64
    /// Stop after this many cases (nil: no case limit).
    package var cases: Int?
    /// Stop after this long (nil: no time limit). With neither limit, a campaign runs 1,000 cases.
    package var timeLimit: Duration?
    /// How schemas and documents are generated.
    package var profile: GenerationProfile
    /// The mappers, the reference first.
    package var mappers: [MapperSpec]
    /// The folder the journal is written into (created if missing).
    package var outputDirectory: String
    /// Known divergences.
    package var allowlist: Allowlist
    /// Where the encoders' output is stored: the SDK's write path (a test plants a storage bug here).
    package var storage: any DocumentStorage = WritePathStorage()
    /// The storage check against the Firestore emulator (`--storage emulator`); nil: none.
    package var storageCheck: (any StorageCheck)?
    /// The most candidates the shrinker tries per new unexpected class (the deterministic
    /// bound). Expected classes are not shrunk during a run: `crossfire shrink` does it on request.
    package var shrinkAttempts: Int
    /// The longest the shrinker works on one class (a safety bound).
    package var shrinkTime: Duration
    /// Whether shrinking goes on with the tree passes after the choices (false: every
    /// candidate is a choice sequence, which a worker of an isolated run announces to its
    /// parent so that a candidate that kills it can be replayed).
    package var shrinkTreePasses: Bool
    /// The first case number (a worker restarted after a crash goes on from there).
    package var firstCase: Int
    /// How many threads run cases (`crossfire run --jobs`): the results are taken in case
    /// order, so the classes and the journal are the same for any number.
    package var jobs: Int
    /// How the reproduce commands the journal records run Crossfire: `crossfire` when it is on
    /// the `PATH`, else the path of the binary (`.build/release/crossfire`).
    package var command: String

    /// Creates options; by default the built-in mappers and the SDK-behaviour allowlist.
    package init(seed: UInt64, cases: Int? = nil, timeLimit: Duration? = nil, profile: GenerationProfile = .default,
                mappers: [MapperSpec] = MapperSpec.builtIn, outputDirectory: String, allowlist: Allowlist = .sdkBehaviour,
                shrinkAttempts: Int = 1_500, shrinkTime: Duration = .seconds(10), shrinkTreePasses: Bool = true, firstCase: Int = 0,
                jobs: Int = 1, command: String = "crossfire") {
        self.seed = seed
        self.cases = cases
        self.timeLimit = timeLimit
        self.profile = profile
        self.mappers = mappers
        self.outputDirectory = outputDirectory
        self.allowlist = allowlist
        self.shrinkAttempts = shrinkAttempts
        self.shrinkTime = shrinkTime
        self.shrinkTreePasses = shrinkTreePasses
        self.firstCase = firstCase
        self.jobs = jobs
        self.command = command
    }

    /// The seed of case `index`: SplitMix64's finaliser over the campaign seed and the index.
    package func caseSeed(_ index: Int) -> UInt64 {
        Self.caseSeed(index, campaignSeed: seed)
    }

    /// The seed of case `index` of the campaign with seed `campaignSeed` (see `caseSeed(_:)`).
    package static func caseSeed(_ index: Int, campaignSeed seed: UInt64) -> UInt64 {
        var z = seed &+ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
