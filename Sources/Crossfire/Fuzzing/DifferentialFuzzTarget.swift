/// The engine behind the `FuzzDifferential` libFuzzer target: the input bytes are a choice
/// sequence (`ChoiceSource(bytes:)`) that generates one case — schema, document (valid or
/// faulty), model value — which runs through the mappers exactly as in `crossfire run`.
///
/// An input fails when its case shows a finding of a *new unexpected class*: one no allowlist
/// entry explains (as `crossfire run` counts them) whose cause (`CauseResolver`) is not among
/// the causes already known (`knownClasses`: the classes this fuzzing session has already saved
/// an artifact for, so that one bug gives one artifact). Expected findings (the SDK's documented behaviour, the
/// lenient style's defaults) pass. A mapper that traps fails the input by itself: libFuzzer
/// sees the signal.
public struct DifferentialFuzzTarget: Sendable {
    /// The target as `crossfire run` runs by default: the built-in mappers (`codable`, the
    /// reference, then `strict` and `lenient`), the `default` profile, the SDK-behaviour
    /// allowlist. The libFuzzer target, `crossfire promote` and `replay` of a byte input use it.
    public static let standard = DifferentialFuzzTarget()

    /// Generates and runs the cases.
    package let runner: CaseRunner
    /// The name of the generation profile (a preset, so that recorded choices replay).
    package let profileName: String
    /// The cases generated lately, shared by the target and its mutator and crossover.
    package let cache: GeneratedCaseCache

    /// A target over the given mappers (the reference first), profile and allowlist, keeping
    /// the last `cacheCapacity` generated cases. Each mapper is prepared once for a run of
    /// cases of one schema (`ReusingMapperFactory`).
    package init(mappers: [MapperSpec] = MapperSpec.builtIn, profile: GenerationProfile = .default, allowlist: Allowlist = .sdkBehaviour,
                cacheCapacity: Int = 16_384) {
        let reusing = mappers.map { MapperSpec(factory: ReusingMapperFactory(base: $0.factory), style: $0.style) }
        runner = CaseRunner(mappers: reusing, generator: CaseGenerator(profile: profile), allowlist: allowlist)
        profileName = profile.name
        cache = GeneratedCaseCache(capacity: cacheCapacity)
    }

    /// The mappers' names, the reference first.
    package var mapperNames: [String] { runner.mappers.map(\.name) }

    /// The custom mutator of the libFuzzer target, sharing the target's cache.
    public var mutator: ChoiceMutator { ChoiceMutator(runner: runner, cache: cache) }

    /// Generates the case the bytes stand for and runs it. The record's `choices` are the
    /// choices the bytes gave: replaying them (`ChoiceSource(replaying:)`) gives the same case.
    package func execute(_ input: some Sequence<UInt8>) -> CaseExecution {
        runner.run(generate(input))
    }

    /// The case the bytes stand for, without running it.
    package func generate(_ input: some Sequence<UInt8>) -> CaseRecord {
        mutator.decoded(Array(input)).record
    }

    /// The findings of a run that make an input fail: those no allowlist entry explains, of
    /// whatever their cause.
    package static func unexpectedFindings(of execution: CaseExecution) -> [Finding] {
        execution.findings.filter { !$0.isExpected }
    }

    /// The unexpected findings of a run with their causes, one per cause not in `known`
    /// (canonical causes): what makes an input fail.
    package func newCauses(of execution: CaseExecution, known: Set<String> = []) -> [(finding: Finding, cause: ResolvedCause)] {
        let resolver = CauseResolver(runner: runner)
        var found: [(finding: Finding, cause: ResolvedCause)] = []
        for finding in Self.unexpectedFindings(of: execution) {
            let resolved = resolver.resolve(finding, in: execution)
            guard !known.contains(resolved.cause.canonical), !found.contains(where: { $0.cause.cause == resolved.cause }) else { continue }
            found.append((finding, resolved))
        }
        return found
    }

    /// Runs the input's case: `fail` with a report of its new unexpected classes, else `pass`.
    public func check(_ input: some Sequence<UInt8>, known: Set<String> = []) -> FuzzVerdict {
        let execution = execute(input)
        let fresh = newCauses(of: execution, known: known)
        guard !fresh.isEmpty else { return .pass }
        return .fail(report: DifferentialFuzzTarget.report(fresh, of: execution))
    }
}
