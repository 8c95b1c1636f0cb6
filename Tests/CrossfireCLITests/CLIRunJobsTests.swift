import Crossfire
import CrossfireTestSupport
import Foundation
import Testing

/// `crossfire run --jobs N`: the cases run on N threads and their results are taken in case
/// order, so a seeded run writes the same journal for any N — the same classes with the same
/// ids, the same shrunk examples, the same counts and summary — but for its timing fields.
@Suite(.serialized) struct CLIRunJobsTests {
    /// The journal's text with the one timing field, `elapsedSeconds`, masked.
    private func maskedJournal(_ directory: URL) throws -> String {
        let text = try String(contentsOf: directory.appendingPathComponent("out/journal.jsonl"), encoding: .utf8)
        return text.replacingOccurrences(of: #""elapsedSeconds":[-0-9.e+]+"#, with: #""elapsedSeconds":0"#, options: .regularExpression)
    }

    /// A run with unexpected classes (the dropnull fixture's planted bug), each shrunk once,
    /// past the first `counts` line.
    @Test func aSeededRunWritesTheSameJournalForOneAndTwoJobs() throws {
        var journals: [String] = []
        var outputs: [[String]] = []
        for jobs in ["1", "2"] {
            let directory = try TemporaryFolder.make()
            defer { try? FileManager.default.removeItem(at: directory) }
            let run = try CLITool.run(["run", "--seed", "4", "--cases", "1100", "--mappers", "codable,dropnull", "--out", "out",
                                       "--shrink-attempts", "30", "--jobs", jobs], in: directory)
            #expect(run.status == 1, "\(run.errorOutput)")
            journals.append(try maskedJournal(directory))
            outputs.append(run.outputLines.filter { !$0.hasPrefix("cases: ") })
        }
        let records = journals[0].split(separator: "\n")
        #expect(records.contains { $0.contains(#""record":"shrunk""#) }, "the run shrank nothing")
        #expect(records.contains { $0.contains(#""record":"counts""#) }, "the run wrote no counts line")
        #expect(records.contains { $0.contains(#""expected":true"#) && $0.contains(#""example""#) }, "no expected class line with its example")
        #expect(journals[0] == journals[1])
        #expect(outputs[0] == outputs[1])
    }

    @Test func jobsMustBeAWholeNumberAndCannotGoWithIsolate() throws {
        let zero = try CLITool.run(["run", "--jobs", "0"])
        #expect(zero.status == 2)
        #expect(zero.errorLines.first == "crossfire run: error: invalid value '0' for --jobs (expected a whole number of 1 or more)")
        let isolated = try CLITool.run(["run", "--jobs", "2", "--isolate"])
        #expect(isolated.status == 2)
        #expect(isolated.errorLines.first == "crossfire run: error: --jobs 2 cannot go with --isolate (an isolated run has one worker process, which runs its cases one at a time)")
    }
}
