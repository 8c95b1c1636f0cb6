import Crossfire
import Foundation
import Testing

@Test func campaignSmoke() throws {
    let out = NSTemporaryDirectory() + "cf-smoke-\(UUID().uuidString)"
    let campaign = try Campaign(options: CampaignOptions(seed: 1, cases: 300, outputDirectory: out, shrinkAttempts: 200))
    let summary = try campaign.run()
    print("cases", summary.cases, "findings", summary.findings.count, "unexpected", summary.unexpectedFindings.count, "setup", summary.setupFailures.prefix(3))
    for finding in summary.findings {
        if !finding.isExpected { print("  UNEXPECTED", finding.signature) }
        if !finding.isExpected {
            for o in finding.discrepancy.outcomes { print("      ", o.mapper, o.failure?.description ?? o.rendering ?? "") }
        }
    }
}
