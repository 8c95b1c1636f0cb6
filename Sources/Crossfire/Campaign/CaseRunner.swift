import FirestoreModel
import ModelSchema

/// What running one case gave.
package struct CaseExecution: Sendable {
    /// The case.
    package var record: CaseRecord
    /// Everything the checks found, and the rule situations in which an SDK rule the allowlist
    /// expects did not show (`ExpectationCheck`).
    package var findings: [Finding]
    /// Each check's result (for the error census).
    package var checks: [CheckResult]
    /// Why the case could not run, when a mapper could not be prepared for its schema.
    package var setupFailure: String?

    /// Creates an execution.
    package init(record: CaseRecord, findings: [Finding], checks: [CheckResult], setupFailure: String?) {
        self.record = record
        self.findings = findings
        self.checks = checks
        self.setupFailure = setupFailure
    }
}

/// Runs cases: generates one from a choice source (or takes a stored one), prepares every
/// mapper for its schema, and runs the three checks.
package struct CaseRunner: Sendable {
    /// The mappers, reference first.
    package let mappers: [MapperSpec]
    /// Draws cases.
    package let generator: CaseGenerator
    /// The known divergences.
    package let allowlist: Allowlist
    /// Where the encoders' output is stored (the SDK's write path, unless a test plants a storage bug).
    package let storage: any DocumentStorage
    /// The storage check against the Firestore emulator, when the run has one (`--storage emulator`).
    package let storageCheck: (any StorageCheck)?
    /// The allowlist's expectations, checked against every case's findings.
    private let expectationCheck: ExpectationCheck
    /// What the simulated server gives server timestamps: a fixed time, so cases replay exactly.
    package static let serverTime = Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_000)

    /// Creates a runner.
    package init(mappers: [MapperSpec], generator: CaseGenerator, allowlist: Allowlist = .sdkBehaviour, storage: any DocumentStorage = WritePathStorage(),
                 storageCheck: (any StorageCheck)? = nil) {
        self.mappers = mappers
        self.generator = generator
        // Each entry excuses its own mappers of this run: a style or name is the run's.
        self.allowlist = allowlist.scoped(to: mappers)
        self.storage = storage
        self.storageCheck = storageCheck
        expectationCheck = ExpectationCheck(allowlist: allowlist)
    }

    /// Generates a case from `source` — schema, reference, document (valid or faulty), then a
    /// model value of the same schema — and runs it.
    package func run(from source: inout ChoiceSource, seed: UInt64? = nil, caseIndex: Int? = nil) -> CaseExecution {
        run(generate(from: &source, seed: seed, caseIndex: caseIndex))
    }

    /// Case `caseIndex` of the campaign with seed `campaignSeed`, generated and run.
    func run(caseIndex: Int, campaignSeed: UInt64) -> CaseExecution {
        var source = ChoiceSource(seed: CampaignOptions.caseSeed(caseIndex, campaignSeed: campaignSeed))
        return run(from: &source, seed: campaignSeed, caseIndex: caseIndex)
    }

    /// Generates the case `run(from:seed:caseIndex:)` runs, without running it (an isolated
    /// run's parent records the case that killed a worker this way).
    package func generate(from source: inout ChoiceSource, seed: UInt64? = nil, caseIndex: Int? = nil) -> CaseRecord {
        let (decodeCase, index) = generator.indexedDecodeCase(from: &source)
        let model = ModelValueGenerator(index: index, profile: generator.profile).generate(from: &source)
        return CaseRecord(schema: decodeCase.schema, reference: decodeCase.reference, document: decodeCase.document,
                          model: model, faults: decodeCase.faults,
                          seed: seed, caseIndex: caseIndex, choices: source.recorded)
    }

    /// Runs a case as it is.
    package func run(_ record: CaseRecord) -> CaseExecution {
        var participants: [Participant] = []
        for spec in mappers {
            do {
                participants.append(Participant(name: spec.name, mapper: try spec.factory.makeMapper(for: record.schema), style: spec.style))
            } catch {
                return CaseExecution(record: record, findings: [], checks: [], setupFailure: "\(spec.name): \(error)")
            }
        }
        let differ = Differ(schema: record.schema, participants: participants, reference: record.reference, serverTime: CaseRunner.serverTime,
                            storage: storage)
        var checks: [CheckResult] = []
        if let document = record.document { checks.append(differ.checkDecode(document)) }
        var stored: [Result<FirestoreMap, MappingFailure>] = []
        if let model = record.model {
            // The round trip reads back what the encode check stored: each encoder and the
            // write path run once per mapper.
            stored = differ.storedDocuments(model)
            checks.append(differ.checkEncode(model, stored: stored))
            checks.append(differ.checkRoundTrip(model, stored: stored))
        }
        if let storageCheck {
            // The stored documents through the database: Crossfire's storage model against it,
            // then each decoder on what it gave back against the round trip in memory.
            let storage = storageCheck.check(record, stored: stored)
            checks.append(storage.result)
            if let model = record.model {
                checks.append(differ.checkRoundTripThroughStorage(model, stored: stored, readBack: storage.readBack))
            }
        }
        let findings = checks.flatMap(\.discrepancies).map { Finding(discrepancy: $0, testCase: record, allowlist: allowlist) }
        let missed = expectationCheck.missed(in: checks, findings: findings, testCase: record)
        return CaseExecution(record: record, findings: findings + missed, checks: checks, setupFailure: nil)
    }
}
