extension Finding {
    /// A crash as a finding: a discrepancy of kind `crash` at the top level, outside the schema,
    /// whose one outcome is the mapper's `crash-<ending>` (`crash-SIGILL`, `crash-hang`). Its
    /// class is `check/crash/topLevel/unknown/absent/mapper=crash-<ending>`, whoever saw the
    /// crash: an isolated run's parent, a crash probe, a regression replay.
    package static func crash(check: CheckKind, mapper: String, ending: String, found: String, message: String,
                             testCase: CaseRecord, allowlist: Allowlist) -> Finding {
        let failure = MappingFailure(kind: .unexpected, path: .root, found: found, message: message, hasPath: false)
        let facts = LeafFacts(type: nil, family: nil, wrapper: nil, container: .topLevel, held: .absent)
        let discrepancy = Discrepancy(kind: .crash, check: check, path: .root, facts: facts,
                                      outcomes: [MapperOutcome(mapper: mapper, result: .crashed(ending), failure: failure)])
        return Finding(discrepancy: discrepancy, testCase: testCase, allowlist: allowlist)
    }
}
