import Crossfire
import Foundation
import ModelSchema

/// `crossfire fuzz-seeds`: writes the seed inputs of a libFuzzer target (`make fuzz-seeds`
/// commits them under `Corpus/fuzz/<TARGET>/`).
struct FuzzSeedsCommand: CrossfireCommand {
    /// The libFuzzer targets of the `Fuzz/` package.
    enum Target: String, CaseIterable {
        case fuzzDifferential = "FuzzDifferential"
        case fuzzRESTJSON = "FuzzRESTJSON"
        case fuzzSchemaJSON = "FuzzSchemaJSON"
    }

    static let configuration = CommandConfiguration(
        name: "fuzz-seeds",
        abstract: "Write the seed inputs of a libFuzzer target into a folder.",
        discussion: """
            FuzzDifferential: the byte inputs (ChoiceSource.byteInput) of cases 0 to N-1 of the
            campaign --seed, the cases `crossfire run --seed SEED` runs first, generated with
            the default profile; named seed<SEED>-case<NNNN>. It takes no INPUT.
            FuzzRESTJSON: every REST document in the INPUT JSON files (folders are searched for
            *.json): each object that has a fields object or a name string and reads as a REST
            document, written as plain JSON; named <folder>-<file>.json, or
            <folder>-<file>-<n>.json when a file holds several.
            FuzzSchemaJSON: the INPUT files that read as schemas, copied as they are.
            Files already in DIR are overwritten when a seed has their name and kept otherwise
            (`make fuzz-seeds` empties the folders first). The same inputs give the same files.
            Exit codes: 0 when the seeds were written, 1 when an input cannot be read or a file
            cannot be written, 2 on usage errors.
            """,
        options: [
            .value("--out", placeholder: "DIR", help: "The folder to write the seeds into (created if missing).", required: true),
            .value("--seed", placeholder: "N", help: "FuzzDifferential: the campaign seed (default \(FuzzSeeds.differentialSeed))."),
            .value("--cases", placeholder: "N", help: "FuzzDifferential: how many cases (default \(FuzzSeeds.differentialCases))."),
        ],
        arguments: [
            ArgumentSpec("TARGET", help: Target.allCases.map(\.rawValue).joined(separator: ", ") + "."),
            ArgumentSpec("INPUT", help: "FuzzRESTJSON and FuzzSchemaJSON: JSON files or folders.", count: .zeroOrMore),
        ]
    )

    let target: Target
    let output: String
    let seed: UInt64
    let cases: Int
    let inputs: [String]

    init(arguments: ParsedArguments) throws(UsageError) {
        guard let name = arguments.positionals.first else { throw UsageError(message: "missing argument TARGET") }
        guard let target = Target(rawValue: name) else {
            throw UsageError(message: "unknown TARGET '\(OneLine.escaped(name))' (known: \(Target.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self.target = target
        inputs = Array(arguments.positionals.dropFirst())
        guard let output = arguments.value("--out"), !output.isEmpty else { throw UsageError(message: "invalid value '' for --out (expected a folder)") }
        self.output = output
        if let text = arguments.value("--seed") {
            guard let value = UInt64(text) else { throw UsageError(message: "invalid value '\(OneLine.escaped(text))' for --seed (expected a whole number from 0 to \(UInt64.max))") }
            seed = value
        } else {
            seed = FuzzSeeds.differentialSeed
        }
        cases = try OptionValue.wholeNumber(arguments, "--cases") ?? FuzzSeeds.differentialCases
        switch target {
        case .fuzzDifferential:
            guard inputs.isEmpty else { throw UsageError(message: "FuzzDifferential seeds are generated; it takes no INPUT") }
        case .fuzzRESTJSON, .fuzzSchemaJSON:
            guard !inputs.isEmpty else { throw UsageError(message: "\(target.rawValue) seeds come from files: give at least one INPUT") }
            guard arguments.value("--seed") == nil, arguments.value("--cases") == nil else {
                throw UsageError(message: "--seed and --cases apply to FuzzDifferential only")
            }
        }
    }

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitCode {
        let seeds: [FuzzSeed]
        switch target {
        case .fuzzDifferential:
            seeds = FuzzSeeds.differential(seed: seed, cases: cases)
        case .fuzzRESTJSON:
            var found: [FuzzSeed] = []
            for path in try Self.jsonFiles(inputs) {
                let url = URL(fileURLWithPath: path)
                let base = url.deletingLastPathComponent().lastPathComponent + "-" + url.deletingPathExtension().lastPathComponent
                found += FuzzSeeds.restDocuments(in: try context.readInput(path), base: base)
            }
            seeds = found
        case .fuzzSchemaJSON:
            var found: [FuzzSeed] = []
            for path in try Self.jsonFiles(inputs) {
                let bytes = try context.readInput(path)
                guard (try? ModelSchema(json: Data(bytes))) != nil else { continue }
                found.append(FuzzSeed(name: URL(fileURLWithPath: path).lastPathComponent, bytes: bytes))
            }
            seeds = found
        }
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(FileError(path: output, cannot: "create the folder", error: error))
        }
        for seed in seeds {
            let file = URL(fileURLWithPath: output).appendingPathComponent(seed.name)
            do {
                try Data(seed.bytes).write(to: file, options: .atomic)
            } catch {
                throw CommandFailure(FileError(path: file.path, cannot: "write the seed", error: error))
            }
        }
        try context.emit(Array("wrote \(seeds.count) \(target.rawValue) seeds to \(output)\n".utf8))
        return .success
    }

    /// The files named, with every *.json file under each folder named, in name order.
    private static func jsonFiles(_ inputs: [String]) throws(CommandFailure) -> [String] {
        var files: [String] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                throw CommandFailure(message: "\(input): no such file or folder")
            }
            guard isDirectory.boolValue else {
                files.append(input)
                continue
            }
            guard let walker = FileManager.default.enumerator(atPath: input) else {
                throw CommandFailure(message: "\(input): cannot list the folder")
            }
            let names = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            files += names.map { (input as NSString).appendingPathComponent($0) }
        }
        return files
    }
}
