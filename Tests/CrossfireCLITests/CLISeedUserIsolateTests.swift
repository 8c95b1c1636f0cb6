import Crossfire
import CrossfireTestSupport
import FirestoreModel
import Foundation
import Testing

/// `crossfire run --profile salada-user --isolate`: seed 002's `User`, whose hooks keep the
/// seed's force-unwraps, traps on the documents that trip them; each trap becomes a crash
/// finding with its input, and the run goes on.
@Suite(.serialized) struct CLISeedUserIsolateTests {
    @Test func theSeedUsersForceUnwrapsBecomeACrashFindingWithTheDocumentThatTrapped() throws {
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITool.run(["run", "--profile", "salada-user", "--mappers", "codable,reflective", "--isolate", "--cases", "60",
                                   "--out", "out", "--shrink-attempts", "20"], in: directory)
        #expect(run.exitedNormally)
        #expect(run.status == 1)
        let deaths = run.errorLines.filter { $0.hasPrefix("worker died of SIGILL") }
        #expect(deaths.count == 1, "faulty documents put unknown raw values at type and drop location's keys; the first death is told")
        let counted = try #require(run.errorLines.first { $0.hasPrefix("workers died in ") }, "the later deaths are counted")
        #expect(counted.hasSuffix(" cases; a new worker went on each time"))

        let records = try CLIJournal.records(directory.appendingPathComponent("out/journal.jsonl"))
        #expect(records.last?["cases"] == .integer(60), "the run went on after each trap")
        let crashes = CLIJournal.records(records, kind: "class").filter { CLIJournal.key($0)?.contains("/crash/") == true }
        let crash = try #require(crashes.first)
        #expect(crashes.count == 1)
        #expect(CLIJournal.key(crash) == "decode/crash/topLevel/unknown/absent/reflective=crash-SIGILL")
        let example = try #require(CLIJournal.object(crash, "example"))
        guard case .array(let outcomes)? = example["outcomes"], case .map(let outcome)? = outcomes.first,
              let failure = CLIJournal.object(outcome, "failure"), let message = CLIJournal.string(failure, "message") else {
            Issue.record("a crash class needs its outcome and message")
            return
        }
        #expect(message.contains("in a call of reflective (decode check), case "))
        #if DEBUG
        // A debug build names the force-unwrap (an optimised one traps without a word).
        #expect(message.contains("SchemaObject.swift"), "the seed's hooks, as written")
        #expect(message.contains("Unexpectedly found nil while unwrapping an Optional value"))
        #endif

        // The input is the document that trapped: a raw value no UserType case has, or a
        // location map without one of its coordinates — what the injected fault made.
        let testCase = try #require(CLIJournal.object(example, "case"))
        let document = try #require(CLIJournal.object(testCase, "document"))
        let fields = try #require(CLIJournal.object(document, "fields"))
        #expect(Self.tripsTheTypeHook(fields) || Self.tripsTheLocationHook(fields), "\(fields)")
        guard case .array(let faults)? = testCase["faults"] else {
            Issue.record("the crash's case needs its faults")
            return
        }
        #expect(faults.contains { fault in
            guard case .map(let fault) = fault, let kind = CLIJournal.string(fault, "kind"), let path = CLIJournal.string(fault, "path") else { return false }
            return (kind == "unknownEnumValue" && path == "type") || path.hasPrefix("location.")
        })
        #expect(run.outputLines.contains { $0.hasSuffix("replay out/journal.jsonl --class \(CLIJournal.integer(crash, "id") ?? -1) --isolate") })
    }

    /// Whether `type` holds an integer that is the raw value of neither case (0 and 1).
    private static func tripsTheTypeHook(_ fields: FirestoreMap) -> Bool {
        guard case .map(let type)? = fields["type"], let text = CLIJournal.string(type, "integerValue"), let raw = Int64(text) else { return false }
        return raw != 0 && raw != 1
    }

    /// Whether `location` is a map of doubles without `latitude` or without `longitude`.
    private static func tripsTheLocationHook(_ fields: FirestoreMap) -> Bool {
        guard case .map(let location)? = fields["location"], let map = CLIJournal.object(location, "mapValue") else { return false }
        let coordinates = CLIJournal.object(map, "fields") ?? [:]
        return coordinates["latitude"] == nil || coordinates["longitude"] == nil
    }
}
