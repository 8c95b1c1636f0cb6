import EmulatorStorageCheck
import FirestoreEmulator
import Crossfire

/// `crossfire run`: a seeded campaign — generate cases, map them with every mapper, diff,
/// group the findings into classes, shrink each new unexpected class and journal it — with
/// progress on standard error and a summary on standard output.
struct RunCommand: CrossfireCommand {
    static let configuration = CommandConfiguration(
        name: "run",
        abstract: "Run a seeded differential campaign over the mappers and journal every finding class.",
        discussion: """
            Case i of a campaign is generated from the seed and i alone, so the same seed and
            options give the same cases, classes and journal (but for elapsedSeconds) as long as
            no shrink is cut short by --shrink-time before --shrink-attempts (how many candidates
            a shrink tries is fixed, how many fit in a time is not). Without
            --cases and --time a run has \(RunSettings.defaultCases) cases; with both it stops
            at whichever comes first. The profiles default, deep, wide, scalars and edges
            generate a random schema per case; salada-user runs every case on seed 002's User
            (Corpus/schemas/salada_user.json, its hooks included).
            Every finding belongs to a class: the bug, not the place (the check, the kind, the
            situation at the leaf where the mappers part, and each mapper's result there; see
            Docs/findings.md). A class is counted, keeps its first and its smallest example, and
            an unexpected one (no allowlist entry explains it) is shrunk once, when first seen.
            While it runs, standard error shows one progress line (rewritten in place on a
            terminal, else a "progress:" line every few seconds) and one line per new unexpected
            class, "unexpected class N: ...", written once the class is in the journal (with
            --verbose, one per new expected class too). The journal, DIR/journal.jsonl, gets each
            class the moment it is first seen, with its example whole (its format:
            Sources/Crossfire/Journal/JournalFormat.swift), so a run killed at any
            point keeps every class so far. At the end the summary goes to standard output: cases and time,
            the classes by kind, each unexpected class with its example and the command that
            replays it, the expected classes by allowlist entry (each one with --verbose), how
            many cells of the coverage grid were exercised, the most frequent failure situations
            of the error census, the journal's path and the command that writes its report.
            Ctrl-C (SIGINT) or SIGTERM stops cleanly: the cases under way finish, then the
            summary is written to the journal and printed.
            --jobs N runs the cases on N threads (default: one per core). Their results are
            taken in case order, so classes are numbered, journalled and shrunk as by one
            thread: a seeded run with --cases writes the same journal for any N (but for its
            elapsedSeconds). An isolated run has one worker process and takes no --jobs above 1.
            Mappers: codable (the Codable mapper), strict and lenient (the hand-written mapper's
            two styles), and, only when named, reflective (seed 002's Salada-style mapper:
            Mirror to write, key-by-key reads that never fail; Docs/reflective-mapper.md).
            TEST FIXTURE: trap is the strict hand mapper except that its decode
            traps (the process dies of a signal) on any document with \(MisbehavingMapperFixture.fieldThreshold) or more top-level
            fields; it exists to test --isolate (--mappers codable,trap --isolate). TEST FIXTURE:
            hang is the same, except that its decode sleeps forever instead; it needs --isolate
            and exists to test --case-timeout. TEST FIXTURE: dropnull is the strict hand mapper
            with a planted bug: its decode drops a document's top-level nulls, so a null required
            field reads as a missing key; it exists to test what a run does with an unexpected
            class (--mappers codable,dropnull).
            --isolate runs the cases in a worker process, the same binary started as
            'crossfire run --worker' (internal; protocol in Sources/Crossfire/Execution/
            WorkerProtocol.swift). The worker appends classes to the journal itself. When it
            dies of a signal, or shows no progress for --case-timeout seconds while on a case (no
            mapper call begun, no case finished, no shrink candidate tried) and is killed, the
            case (or shrink candidate) it was running becomes a crash finding with its seed,
            case index and choices, and a new worker goes on from the next case. The workers'
            standard error goes to DIR/worker.log.
            Ctrl-C (SIGINT) or SIGTERM stops the run after the case under way; the journal and
            the summary are written as at any end.
            --storage emulator adds the storage check: each case's input document and what each
            encoder's output became through the write path are written, as they are, to the
            Firestore emulator (the one FIRESTORE_EMULATOR_HOST names, else one started on a free
            loopback port and stopped at the end), in one commit per case and read back in one
            batchGet, and compared with Crossfire's storage model: the same refusal for the same
            rule at the same field, and a read-back equal to what the model keeps. A difference
            is a class of the check storage (Docs/emulator-differences.md). Without the emulator
            installed (Debian package google-cloud-cli-firestore-emulator, Java 17) the run stops
            at once with one line saying what to install, exit 1.
            Exit codes: 0 when nothing unexpected was found, 1 when something was (or the run
            failed), 2 on usage errors, 130 when SIGINT stopped the run and 143 when SIGTERM did
            (128 + the signal, as a shell reports a process the signal ended; whatever was found).
            """,
        options: [
            .value("--seed", placeholder: "N|random", help: "The campaign seed (default \(RunSettings.defaultSeed)); random draws one and prints it."),
            .value("--cases", placeholder: "N", help: "Stop after N cases."),
            .value("--time", placeholder: "SECONDS", help: "Stop after this long."),
            .value("--profile", placeholder: "NAME", help: "The generation profile: \(GenerationProfile.selectable.map(\.name).joined(separator: ", ")) (default \(GenerationProfile.default.name))."),
            .value("--mappers", placeholder: "A,B,...", help: "The mappers, the first the reference (default \(MapperChoice.defaultNames.joined(separator: ","))); also reflective; trap, hang and dropnull are test fixtures, see below."),
            .value("--out", placeholder: "DIR", help: "The folder for the journal (default Reports/<UTC time>/)."),
            .value("--shrink-attempts", placeholder: "N", help: "The most candidates the shrinker tries per new unexpected class (default \(RunSettings.campaignDefaults.shrinkAttempts))."),
            .value("--shrink-time", placeholder: "SECONDS", help: "The longest the shrinker works on one class (default \(Int(RunSettings.campaignDefaults.shrinkTime.seconds)))."),
            .value("--jobs", placeholder: "N", help: "Run cases on N threads (default: one per core, \(RunSettings.defaultJobs) here; 1 with --isolate)."),
            .flag("--isolate", help: "Run cases in a worker process: a crash becomes a finding and the run goes on."),
            .flag("--verbose", help: "Also tell each new expected class, and list them all in the summary."),
            .value("--storage", placeholder: "model|emulator", help: "emulator: also write every case's stored documents to the Firestore emulator and compare with Crossfire's storage model (default model: no emulator)."),
            .value("--case-timeout", placeholder: "SECONDS", help: "With --isolate: kill a worker that shows no progress on a case for this long; a crash finding (default \(Int(RunSettings.defaultCaseTimeout.seconds)))."),
            .hiddenFlag("--worker", help: "Internal: be the worker of an isolated run (assignment on standard input, events on standard output)."),
        ]
    )

    /// What the command line asks for.
    enum Mode {
        /// A campaign.
        case campaign(RunSettings)
        /// The worker of an isolated run.
        case worker
    }

    let mode: Mode

    init(arguments: ParsedArguments) throws(UsageError) {
        if arguments.flag("--worker") {
            guard Self.configuration.options.allSatisfy({ $0.name == "--worker" || (arguments.value($0.name) == nil && !arguments.flag($0.name)) })
            else { throw UsageError(message: "--worker takes no other options") }
            mode = .worker
        } else {
            mode = .campaign(try RunSettings(arguments: arguments))
        }
    }

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitCode {
        StopRequest.install()
        switch mode {
        case .worker:
            do {
                try IsolationWorker.run(input: try context.readInput(FileDescriptorIO.standardInputPath), output: context.output,
                                        command: SelfInvocation.command, shouldStop: { StopRequest.isRequested },
                                        mappers: Self.workerMappers)
            } catch let failure as CommandFailure {
                throw failure
            } catch {
                throw CommandFailure(message: "\(error)")
            }
            return .success
        case .campaign(let settings):
            let reporter = RunReporter(output: context.errorOutput, verbose: settings.verbose)
            if settings.seedIsRandom { reporter.line("seed: \(settings.seed)") }
            var options = settings.campaignOptions(outputDirectory: try OutputFolder.resolve(settings.outputDirectory))
            let emulator = try settings.storageAgainstEmulator ? EmulatorForRun.start(reporter) : nil
            defer { emulator?.stop() }
            options.storageCheck = emulator.map { EmulatorStorageCheck(client: $0.client()) }
            let executor: CaseExecutor = settings.isolate ? .workerProcesses(caseTimeout: settings.caseTimeout) : .inProcess
            let outcome: CampaignOutcome
            do {
                outcome = try executor.run(options, shouldStop: { StopRequest.isRequested },
                                           observer: CampaignObserver(progress: reporter.progress, newClass: reporter.newClass(id:cause:key:),
                                                                      note: reporter.line))
            } catch {
                throw CommandFailure(message: OneLine.escaped("\(error)"))
            }
            if let last = outcome.finalProgress { reporter.finish(last) }
            try context.emit(Array(RunSummaryText.render(outcome, settings: settings).utf8))
            if outcome.interrupted { return StopRequest.exitCode }
            return outcome.unexpectedClasses.isEmpty ? .success : .failure
        }
    }

    /// The mappers a worker's assignment names, as `--mappers` would give them.
    private static func workerMappers(_ names: [String]) throws -> [MapperSpec] {
        do {
            return try MapperChoice.specs(names.joined(separator: ","))
        } catch {
            throw IsolationFailure(message: error.message)
        }
    }
}
