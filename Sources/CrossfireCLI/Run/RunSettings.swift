import Crossfire
import Foundation

/// What `crossfire run` was asked to do, checked and resolved from its command line.
struct RunSettings {
    /// The seed when `--seed` is not given.
    static let defaultSeed: UInt64 = 1
    /// The number of cases when neither `--cases` nor `--time` is given.
    static let defaultCases = 1_000

    /// The campaign seed.
    var seed: UInt64
    /// Whether the seed was drawn at random (`--seed random`), so it must be printed.
    var seedIsRandom: Bool
    /// The case limit (nil: only the time limit).
    var cases: Int?
    /// The time limit (nil: only the case limit).
    var timeLimit: Duration?
    /// How cases are generated.
    var profile: GenerationProfile
    /// The mappers, the reference first.
    var mappers: [MapperSpec]
    /// `--out`, when given.
    var outputDirectory: String?
    /// Whether cases run in a worker process.
    var isolate: Bool
    /// How many threads run cases (`--jobs`; by default one per core, one with `--isolate`).
    var jobs: Int
    /// `--shrink-attempts`, when given.
    var shrinkAttempts: Int?
    /// `--shrink-time`, when given.
    var shrinkTime: Duration?
    /// How long an isolated run waits for a worker busy with a case to show progress (an
    /// event: a mapper call begun, a case run, a shrink candidate) before it kills it.
    var caseTimeout = RunSettings.defaultCaseTimeout

    /// Whether each case's stored documents are also checked against the Firestore emulator
    /// (`--storage emulator`).
    var storageAgainstEmulator: Bool

    /// Whether expected classes are listed too (`--verbose`).
    var verbose: Bool
    /// How printed commands run Crossfire (`SelfInvocation.command`).
    var command = SelfInvocation.command

    /// `--jobs` when not given: one thread per core the process may run on.
    static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// `--case-timeout` when not given.
    static let defaultCaseTimeout = Duration.seconds(30)

    /// The campaign defaults the shrink options change.
    static let campaignDefaults = CampaignOptions(seed: defaultSeed, outputDirectory: "")

    /// Reads the options of `run`.
    init(arguments: ParsedArguments) throws(UsageError) {
        switch arguments.value("--seed") {
        case nil:
            seed = Self.defaultSeed
            seedIsRandom = false
        case "random":
            seed = UInt64.random(in: .min ... .max)
            seedIsRandom = true
        case let text?:
            guard let value = UInt64(text) else {
                throw UsageError(message: "invalid value '\(OneLine.escaped(text))' for --seed (expected a whole number from 0 to \(UInt64.max), or random)")
            }
            seed = value
            seedIsRandom = false
        }
        cases = try OptionValue.wholeNumber(arguments, "--cases")
        timeLimit = try OptionValue.seconds(arguments, "--time")
        shrinkAttempts = try OptionValue.wholeNumber(arguments, "--shrink-attempts")
        shrinkTime = try OptionValue.seconds(arguments, "--shrink-time")
        if cases == nil, timeLimit == nil { cases = Self.defaultCases }
        do {
            profile = try GenerationProfile.named(arguments.value("--profile") ?? GenerationProfile.default.name)
        } catch {
            throw UsageError(message: "invalid value '\(OneLine.escaped(error.profile))' for --profile (presets: \(GenerationProfile.selectable.map(\.name).joined(separator: ", ")))")
        }
        mappers = try MapperChoice.specs(arguments.value("--mappers") ?? MapperChoice.defaultNames.joined(separator: ","))
        if let directory = arguments.value("--out") {
            guard !directory.isEmpty else { throw UsageError(message: "invalid value '' for --out (expected a folder)") }
            outputDirectory = directory
        }
        isolate = arguments.flag("--isolate")
        if let jobs = try OptionValue.wholeNumber(arguments, "--jobs") {
            guard !isolate || jobs == 1 else {
                throw UsageError(message: "--jobs \(jobs) cannot go with --isolate (an isolated run has one worker process, which runs its cases one at a time)")
            }
            self.jobs = jobs
        } else {
            jobs = isolate ? 1 : Self.defaultJobs
        }
        switch arguments.value("--storage") {
        case nil, "model"?: storageAgainstEmulator = false
        case "emulator"?: storageAgainstEmulator = true
        case let other?:
            throw UsageError(message: "invalid value '\(OneLine.escaped(other))' for --storage (expected model or emulator)")
        }
        if storageAgainstEmulator, isolate {
            throw UsageError(message: "--storage emulator cannot go with --isolate (the worker process has no emulator client)")
        }
        verbose = arguments.flag("--verbose")
        if let timeout = try OptionValue.seconds(arguments, "--case-timeout") {
            guard isolate else { throw UsageError(message: "--case-timeout needs --isolate (only a worker process can be stopped)") }
            caseTimeout = timeout
        }
        if !isolate, mappers.contains(where: { $0.name == MisbehavingMapperFixture.hang.name }) {
            throw UsageError(message: "the hang fixture needs --isolate (without it the run would never end)")
        }
    }

    /// The campaign's options, writing into `directory`.
    func campaignOptions(outputDirectory directory: String) -> CampaignOptions {
        var options = CampaignOptions(seed: seed, cases: cases, timeLimit: timeLimit, profile: profile, mappers: mappers,
                                      outputDirectory: directory, jobs: jobs, command: command)
        if let shrinkAttempts { options.shrinkAttempts = shrinkAttempts }
        if let shrinkTime { options.shrinkTime = shrinkTime }
        return options
    }
}
