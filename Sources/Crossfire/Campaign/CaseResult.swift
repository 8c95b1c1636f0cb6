/// One case of a campaign run and tallied where it ran (on a worker thread of `--jobs`):
/// its execution, its totals (census, grid cells, setup failure), and the grid cells and size
/// its findings need. The campaign's own thread only merges these into its state.
package struct CaseResult: Sendable {
    /// The case's index in its campaign.
    package var index: Int
    /// What running it gave.
    package var execution: CaseExecution
    /// What it adds to the campaign's totals.
    package var totals: CampaignTotals
    /// The grid cells each finding falls in, in the order of `execution.findings`.
    package var findingCells: [[GridCell]]
    /// The case's `CaseSize.weight` (0 when it has no findings: nothing compares it then).
    package var weight: Int
    /// The cause of each finding, in the order of `execution.findings`: set by the campaign
    /// that absorbs the case (`Campaign.absorb`), which probes each new symptom once.
    package var causes: [CauseKey] = []

    /// Runs case `index` of the campaign with seed `campaignSeed` and tallies it.
    package init(running index: Int, campaignSeed: UInt64, with runner: CaseRunner) {
        self.init(index: index, execution: runner.run(caseIndex: index, campaignSeed: campaignSeed))
    }

    /// Tallies a case that has run.
    package init(index: Int, execution: CaseExecution) {
        self.index = index
        self.execution = execution
        totals = CampaignTotals(caseIndex: index, execution: execution)
        let coverage = CaseCoverage(schema: execution.record.schema)
        findingCells = execution.findings.map { coverage.cells(of: $0.discrepancy, faults: execution.record.faults) }
        weight = execution.findings.isEmpty ? 0 : CaseSize(execution.record).weight
    }
}
