import FirestoreCodable
import FirestoreModel
import ModelSchema

/// Checks a team's own model type, mapped with Codable (`DocumentSnapshot.data(as:)`,
/// `Firestore.Encoder`), against the team's own legacy dictionary mapper, on generated
/// documents — valid ones and ones with injected faults — and reports every disagreement,
/// grouped by cause, with the usual fix and a minimized case (seed 001's `User(_:data:)`
/// mapper in this example):
///
/// ```swift
/// let check = try LegacyMapperCheck(User.self,
///     decode: { snapshot in User(snapshot.documentID, data: snapshot.data() ?? [:]) },
///     encode: { $0.dictionary })
/// let report = check.run(cases: 2_000, seed: 1)
/// #expect(report.isClean, "\(report.summary)")
/// ```
///
/// The documents follow the model's schema, derived from the type by `SchemaProbe` unless one
/// is given. Each case decodes the document with both mappers (the legacy mapper gets a
/// `LegacySnapshot`, whose `data()` is what the SDK hands an app on iOS, numbers as
/// `NSNumber`); when the Codable mapper decodes it, the value is also written by both mappers
/// (compared as stored by the write path, server timestamps filled in) and read back by each.
/// Values are compared through their stored form, so the model need not be `Equatable`.
/// Disagreements the SDK's documented behaviour explains (`allowlist`) are reported apart
/// and do not fail the check. Cases are made from a `ChoiceSource`, so every finding replays
/// from its choices and shrinks by them.
public struct LegacyMapperCheck<Model: Codable> {
    /// The legacy mapper's read: a model from a snapshot, or nil (or an error) when it gives up.
    public typealias LegacyDecode = (LegacySnapshot) throws -> Model?
    /// The legacy mapper's write: the data an app hands `setData`.
    public typealias LegacyEncode = (Model) throws -> [String: Any]

    /// The schema the documents follow.
    public let schema: ModelSchema
    /// The share of cases whose document gets injected faults (0…1).
    public var faultyShare: Double
    /// The most candidates shrinking one finding tries: the bound that makes a run repeat
    /// exactly.
    public var shrinkAttempts: Int
    /// How long shrinking one finding may take at most, a backstop behind `shrinkAttempts`.
    public var shrinkTimeLimit: Duration
    /// What the SDK's documented behaviour explains (`.none`: nothing is expected).
    public var allowlist: LegacyCheckAllowlist
    /// Where the legacy mapper runs: in this process, or first in a child process, so that a
    /// trap or a hang is a finding rather than the end of the test run.
    public var isolation: LegacyCheckIsolation
    private let legacyDecode: LegacyDecode
    private let legacyEncode: LegacyEncode?
    private let generator: DocumentGenerator
    private let mutator: Mutator
    /// Valid documents from fixed seeds, where probing a legacy read that gives up finds a value
    /// for a field its document lacks.
    private let sampleDocuments: [FirestoreMap]

    /// The profile a check generates with unless told: the default profile's documents as the
    /// SDK writes them — no second encoding a database may also hold (a Date as a `{seconds,
    /// nanoseconds}` map, `Data` as base64 text), which the SDK reads but a legacy mapper was
    /// never asked to.
    public static var sdkWrittenProfile: GenerationProfile {
        var profile = GenerationProfile.default
        profile.otherEncodingProbability = 0
        return profile
    }

    /// A check of `type` against a legacy mapper. Without `encode`, only reading is compared.
    /// - Throws: `SchemaProbeError` when no schema is given and the type's cannot be derived.
    public init(
        _ type: Model.Type, schema: ModelSchema? = nil, profile: GenerationProfile = LegacyMapperCheck.sdkWrittenProfile, faultyShare: Double = 0.5,
        shrinkAttempts: Int = 1_000, shrinkTimeLimit: Duration = .seconds(30), allowlist: LegacyCheckAllowlist = .sdkBehaviour,
        isolation: LegacyCheckIsolation = .none, decode: @escaping LegacyDecode, encode: LegacyEncode? = nil
    ) throws(SchemaProbeError) {
        let resolved: ModelSchema
        if let schema {
            resolved = schema
        } else {
            resolved = try SchemaProbe.schema(of: type)
        }
        self.schema = resolved
        self.faultyShare = faultyShare
        self.shrinkAttempts = shrinkAttempts
        self.shrinkTimeLimit = shrinkTimeLimit
        self.allowlist = allowlist
        self.isolation = isolation
        self.legacyDecode = decode
        self.legacyEncode = encode
        generator = DocumentGenerator(schema: resolved, profile: profile)
        mutator = Mutator(schema: resolved, profile: profile)
        sampleDocuments = (0..<Self.sampleCount).map { [generator] seed in
            var source = ChoiceSource(seed: seed)
            return generator.generate(from: &source)
        }
    }

    /// Runs `cases` cases from `seed` — case `i` from `CampaignOptions.caseSeed(i, campaignSeed:)`,
    /// as a campaign's — and shrinks the first case of each new class to its smallest (with
    /// `ChoiceShrinker`, as an isolated campaign shrinks a crash). The same check, cases and
    /// seed give the same report.
    public func run(cases: Int = 1_000, seed: UInt64 = 1) -> LegacyCheckReport {
        // Not `Campaign.run` on a `CaseExecutor`: a case here is a team's model type read by its
        // own legacy mapper (a `LegacyCheckCase`, not a generated schema's `CaseRecord`), run
        // inside the team's test process, where a worker must be a fork (`ForkedProbe`).
        let total = max(0, cases)
        var tally = LegacyClassTally()
        var faultyCases = 0
        var isolationProblem: String?
        var next = 0
        while next < total {
            var end = total
            var crash: (stop: ForkedProbe.Stop, probe: ForkedProbe)?
            if case .childProcess(let timeout) = isolation, isolationProblem == nil {
                let probe = ForkedProbe(timeout: timeout)
                do {
                    if let stop = try confirmedStop(probe, in: next..<total, seed: seed) {
                        end = stop.index
                        crash = (stop, probe)
                    }
                } catch {
                    isolationProblem = error.description
                }
            }
            for index in next..<end {
                let checked = check(index: index, seed: seed)
                if !checked.faults.isEmpty { faultyCases += 1 }
                tally.add(checked) { shrink(checked, keeping: $0) }
            }
            if let crash {
                let crashed = crashCase(index: crash.stop.index, seed: seed, stop: crash.stop)
                if !crashed.faults.isEmpty { faultyCases += 1 }
                tally.add(crashed) { _ in shrinkCrash(crashed, stop: crash.stop, probe: crash.probe) }
                end += 1
            }
            next = end
        }
        return LegacyCheckReport(
            modelName: String(describing: Model.self), cases: total, faultyCases: faultyCases, seed: seed,
            findings: tally.findings(expected: false), expected: tally.findings(expected: true),
            reasons: allowlist.reasons, isolationProblem: isolationProblem)
    }

    /// The coding keys of the model's top-level fields.
    private var topLevelKeys: [String] { schema.rootStruct?.fields.compactMap(\.codingKey) ?? [] }

    /// How many valid documents the probes take values from.
    private static var sampleCount: UInt64 { 16 }

    /// One case, replayed from its choices. Runs in this process, whatever `isolation` says.
    public func check(choices: [UInt64]) -> LegacyCheckCase {
        var source = ChoiceSource(replaying: choices)
        return check(from: &source, mark: { _ in })
    }

    private func check(index: Int, seed: UInt64, mark: (LegacyCall) -> Void = { _ in }) -> LegacyCheckCase {
        var source = ChoiceSource(seed: CampaignOptions.caseSeed(index, campaignSeed: seed))
        return check(from: &source, mark: mark)
    }

    /// Where a child running the cases stopped; a hang counts once a second child hangs on
    /// the same case alone (the first may have waited for a lock another thread held when it
    /// was forked).
    private func confirmedStop(_ probe: ForkedProbe, in range: Range<Int>, seed: UInt64) throws(ForkedProbe.Unavailable) -> ForkedProbe.Stop? {
        var start = range.lowerBound
        while start < range.upperBound {
            guard let stop = try probe.firstStop(in: start..<range.upperBound, { index, mark in
                _ = check(index: index, seed: seed) { mark($0.rawValue) }
            }) else { return nil }
            guard stop.ending == .hang else { return stop }
            let again = try probe.firstStop(in: stop.index..<stop.index + 1) { index, mark in
                _ = check(index: index, seed: seed) { mark($0.rawValue) }
            }
            if let again { return again }
            start = stop.index + 1
        }
        return nil
    }

    /// The smallest case (by its choices) that still shows the class. Under isolation, each
    /// candidate runs in a child first and counts only when it finished there.
    private func shrink(_ found: LegacyCheckCase, keeping findingClass: LegacyFindingClass) -> LegacyCheckCase {
        let shrinker = ChoiceShrinker(timeLimit: shrinkTimeLimit, maxAttempts: shrinkAttempts)
        let outcome = shrinker.shrink(found.choices, spans: spans) { candidate in
            if case .childProcess(let timeout) = isolation {
                let probed = Result { () throws(ForkedProbe.Unavailable) in
                    try ForkedProbe(timeout: timeout).firstStop(in: 0..<1) { _, mark in
                        var source = ChoiceSource(replaying: candidate)
                        _ = check(from: &source) { mark($0.rawValue) }
                    }
                }
                guard case .success(nil) = probed else { return false }
            }
            return check(choices: candidate).classes.contains(findingClass)
        }
        return check(choices: outcome.choices)
    }

    /// The smallest case whose child ends as the found one did (same signal or exit status,
    /// in the same legacy call). A hang is not shrunk: every candidate could cost the timeout.
    private func shrinkCrash(_ found: LegacyCheckCase, stop: ForkedProbe.Stop, probe: ForkedProbe) -> LegacyCheckCase {
        guard stop.ending != .hang else { return found }
        let shrinker = ChoiceShrinker(timeLimit: shrinkTimeLimit, maxAttempts: shrinkAttempts)
        let outcome = shrinker.shrink(found.choices, spans: spans) { candidate in
            let again = Result { () throws(ForkedProbe.Unavailable) in
                try probe.firstStop(in: 0..<1) { _, mark in
                    var source = ChoiceSource(replaying: candidate)
                    _ = check(from: &source) { mark($0.rawValue) }
                }
            }
            guard case .success(let candidateStop?) = again else { return false }
            return candidateStop.mark == stop.mark && Self.sameEnding(candidateStop.ending, stop.ending)
        }
        var source = ChoiceSource(replaying: outcome.choices)
        return crashCase(from: &source, stop: stop)
    }

    /// The spans drawing the case of `choices` records (the legacy mapper is not called), which
    /// the shrinker deletes and lowers before its blind passes.
    private func spans(_ choices: [UInt64]) -> [ChoiceSpan] {
        var source = ChoiceSource(replaying: choices)
        _ = draw(from: &source)
        return source.spans
    }

    private static func sameEnding(_ a: ForkedProbe.Ending, _ b: ForkedProbe.Ending) -> Bool {
        switch (a, b) {
        case let (.signal(x, _), .signal(y, _)): return x == y
        case let (.exit(x, _), .exit(y, _)): return x == y
        case (.hang, .hang): return true
        default: return false
        }
    }

    private func crashCase(index: Int, seed: UInt64, stop: ForkedProbe.Stop) -> LegacyCheckCase {
        var source = ChoiceSource(seed: CampaignOptions.caseSeed(index, campaignSeed: seed))
        return crashCase(from: &source, stop: stop)
    }

    /// The case a child died in, made again without calling the legacy mapper: its document,
    /// what Codable made of it, and the crash as its one disagreement.
    private func crashCase(from source: inout ChoiceSource, stop: ForkedProbe.Stop) -> LegacyCheckCase {
        guard let drawn = draw(from: &source) else { return LegacyCheckCase(notRunFrom: source.recorded) }
        let call = LegacyCall(rawValue: stop.mark)?.name ?? "decode"
        let cause: LegacyCause = stop.ending == .hang ? .legacyHung : .legacyTrapped
        let disagreement = LegacyDisagreement(
            kind: .legacyCrash, path: .root, field: call, cause: cause,
            detail: "the legacy mapper's \(call) \(cause == .legacyHung ? "did not return" : "ended the process"): \(stop.ending.description)",
            hint: cause.crashHint(call: call))
        return LegacyCheckCase(
            choices: source.recorded, reference: drawn.reference, document: drawn.mutated.document, faults: drawn.mutated.faults,
            codableOutcome: describe(codableRead(drawn)), legacyOutcome: "\(call): \(stop.ending.description)",
            disagreements: [disagreement])
    }

    /// A case's document: the reference (its ID marked by `LegacyDocumentID`, so that no
    /// generated value equals it), and the document with the faults injected into it; nil when
    /// no reference could be drawn (every drawn one is valid; this only keeps a broken draw from
    /// stopping the run).
    private func draw(from source: inout ChoiceSource) -> Drawn? {
        let valid = generator.generate(from: &source)
        let drawn = generator.reference(from: &source) ?? (try? DocumentReference(path: "crossfire/check"))
        guard let reference = drawn.flatMap(LegacyDocumentID.marking) else { return nil }
        let mutated = source.bool(probability: faultyShare) ? mutator.mutate(valid, from: &source) : MutatedDocument(document: valid)
        return Drawn(reference: reference, mutated: mutated)
    }

    private func codableRead(_ drawn: Drawn) -> Result<Model, MappingFailure> {
        let snapshot = DocumentSnapshot(reference: drawn.reference, fields: drawn.mutated.document)
        return Result { try snapshot.data(as: Model.self) }.mapError(MappingFailure.init(codingError:))
    }

    private func check(from source: inout ChoiceSource, mark: (LegacyCall) -> Void) -> LegacyCheckCase {
        guard let drawn = draw(from: &source) else { return LegacyCheckCase(notRunFrom: source.recorded) }
        let choices = source.recorded
        return withoutActuallyEscaping(mark) { mark in compare(drawn, choices: choices, mark: mark) }
    }

    /// Both mappers over a drawn document (and, when Codable reads it, over its value), each
    /// legacy call marked before it is made.
    private func compare(_ drawn: Drawn, choices: [UInt64], mark: @escaping (LegacyCall) -> Void) -> LegacyCheckCase {
        let codable = codableRead(drawn)
        let read = { (snapshot: DocumentSnapshot, call: LegacyCall) in
            mark(call)
            return legacyRead(snapshot)
        }
        let legacy = read(DocumentSnapshot(reference: drawn.reference, fields: drawn.mutated.document), .decode)
        let probe = LegacyReadProbe<Model>(
            read: { read(DocumentSnapshot(reference: drawn.reference, fields: $0), .decode) }, keys: topLevelKeys, samples: sampleDocuments,
            serverTime: CaseRunner.serverTime)
        var comparison = LegacyComparison<Model>(
            reference: drawn.reference, serverTime: CaseRunner.serverTime, schema: schema, allowlist: allowlist, probe: probe)
        comparison.compareReads(of: drawn.mutated.document, codable: codable, legacy: legacy)
        if case .success(let value) = codable {
            let encode = legacyEncode.map { encode in { (model: Model) throws -> [String: Any] in mark(.encode); return try encode(model) } }
            comparison.compareWrites(of: value, legacyRead: { read($0, .readBack) }, legacyEncode: encode)
        }
        return LegacyCheckCase(
            choices: choices, reference: drawn.reference, document: drawn.mutated.document, faults: drawn.mutated.faults,
            codableOutcome: describe(codable, stored: comparison.readForms.codable),
            legacyOutcome: describe(legacy, stored: comparison.readForms.legacy), disagreements: comparison.disagreements)
    }

    /// What a mapper made of a document, in words: the value as stored (`stored`, when its
    /// form is already made), or the failure.
    private func describe<Failure: Error>(_ outcome: Result<Model, Failure>, stored: LegacyComparison<Model>.Form? = nil) -> String {
        switch outcome {
        case .success(let value):
            switch stored ?? LegacyStoredForm.of(value, serverTime: CaseRunner.serverTime) {
            case .success(let stored): return "reads " + LegacyValueText.text(stored)
            case .failure(let failure): return "reads a value that cannot be stored (\(failure))"
            }
        case .failure(let failure):
            return "\(failure)"
        }
    }

    /// The legacy mapper's read, its nil and its errors as failures.
    private func legacyRead(_ snapshot: DocumentSnapshot) -> Result<Model, LegacyMapperFailure> {
        do {
            let legacySnapshot = LegacySnapshot(reference: snapshot.reference, fields: snapshot.fields)
            guard let value = try legacyDecode(legacySnapshot) else { return .failure(LegacyMapperFailure(description: "returned nil")) }
            return .success(value)
        } catch {
            return .failure(LegacyMapperFailure(description: "threw \(error)"))
        }
    }

    /// A case's reference and document.
    private struct Drawn {
        var reference: DocumentReference
        var mutated: MutatedDocument
    }
}

/// The legacy mapper giving up: what it did.
package struct LegacyMapperFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// `returned nil`, or `threw …`.
    package var description: String
}
