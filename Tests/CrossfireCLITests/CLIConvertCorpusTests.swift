import Crossfire
import CrossfireTestSupport
import FirestoreJSON
import FirestoreModel
import Foundation
import Testing

/// `crossfire validate` accepts what `crossfire convert` writes: every document of
/// `Corpus/documents` and `Corpus/external`, converted REST → plain → REST (or plain → REST →
/// plain), each output validated in its form.
@Suite(.serialized) struct CLIConvertCorpusTests {
    /// A document to convert: a file name for it, its form and its bytes.
    struct Source {
        let name: String
        let form: String
        let bytes: [UInt8]
    }

    /// Every document in the two corpus folders: the `*.rest.json` and `*.plain.json` files of
    /// `Corpus/documents`, the REST documents inside `Corpus/external`'s JSON files (as
    /// `crossfire fuzz-seeds FuzzRESTJSON` finds them) and those inside its bundles.
    static func corpus() throws -> [Source] {
        let documents = TestRepository.root.appendingPathComponent("Corpus/documents")
        var sources: [Source] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: documents.path).sorted() {
            guard let form = name.hasSuffix(".rest.json") ? "rest" : name.hasSuffix(".plain.json") ? "plain" : nil else { continue }
            sources.append(Source(name: name, form: form, bytes: Array(try Data(contentsOf: documents.appendingPathComponent(name)))))
        }
        let external = TestRepository.root.appendingPathComponent("Corpus/external")
        let files = try #require(FileManager.default.enumerator(atPath: external.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".json") }.sorted()
        for file in files {
            let bytes = Array(try Data(contentsOf: external.appendingPathComponent(file)))
            let base = file.replacingOccurrences(of: "/", with: "-")
            sources += FuzzSeeds.restDocuments(in: bytes, base: base).map { Source(name: $0.name, form: "rest", bytes: $0.bytes) }
            sources += try bundledDocuments(in: bytes, base: base)
        }
        return sources
    }

    /// The documents of the bundles (`loadBundle` strings) anywhere in a JSON file, as REST JSON.
    private static func bundledDocuments(in bytes: [UInt8], base: String) throws -> [Source] {
        var texts: [String] = []
        func collect(_ value: FirestoreValue) {
            switch value {
            case .map(let map):
                for (key, member) in map {
                    if key == "loadBundle", case .string(let text) = member { texts.append(text) } else { collect(member) }
                }
            case .array(let elements): elements.forEach(collect)
            default: break
            }
        }
        collect(try PlainJSONReader(options: JSONReadOptions(maximumDepth: JSONReadOptions.depthCeiling)).readValue(from: bytes))
        var sources: [Source] = []
        for text in texts {
            for document in try BundleReader().read(from: text).documents.compactMap(\.document) {
                sources.append(Source(name: "\(base)-bundled-\(sources.count + 1).json", form: "rest", bytes: try RESTJSONWriter().write(document)))
            }
        }
        return sources
    }

    /// Converts `file` from one form to the other into `output`; the conversion must succeed.
    private func convert(_ file: URL, from: String, to: String, into output: URL, in directory: URL) throws {
        let run = try CLITool.run(["convert", "--from", from, "--to", to, file.path], in: directory)
        #expect(run.status == 0, "\(file.lastPathComponent) \(from) → \(to): \(run.errorOutput)")
        try Data(run.output.utf8).write(to: output)
    }

    /// Validates files of one form in one run; each file's violations (`PATH: MESSAGE`).
    private func violations(_ paths: [String], form: String, in directory: URL) throws -> [String: [String]] {
        let run = try CLITool.run(["validate", "--format", form] + paths, in: directory)
        #expect(run.errorOutput.isEmpty, "\(form): \(run.errorOutput)")
        var found: [String: [String]] = [:]
        for line in run.outputLines {
            guard let path = paths.first(where: { line.hasPrefix($0 + ": ") }) else {
                Issue.record("a validate line that names no file: \(line)")
                continue
            }
            found[path, default: []].append(String(line.dropFirst(path.count + 2)))
        }
        #expect(run.status == (found.isEmpty ? 0 : 1))
        return found
    }

    /// A document's three files: as it is, converted to the other form, and converted back.
    struct Conversion {
        let source: Source
        let files: [(path: String, form: String)]
    }

    @Test func validateAcceptsEveryConversionOfTheCorpus() throws {
        let sources = try Self.corpus()
        // The four files of Corpus/documents, the external REST documents and the bundled ones.
        #expect(sources.count > 100)
        #expect(sources.contains { $0.name.contains("bundled") })
        let directory = try TemporaryFolder.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        var conversions: [Conversion] = []
        for (index, source) in sources.enumerated() {
            let other = source.form == "rest" ? "plain" : "rest"
            let original = directory.appendingPathComponent("\(index)-\(source.name)")
            try Data(source.bytes).write(to: original)
            let converted = directory.appendingPathComponent("\(index)-\(source.form)-to-\(other).json")
            try convert(original, from: source.form, to: other, into: converted, in: directory)
            let back = directory.appendingPathComponent("\(index)-\(source.form)-to-\(other)-to-\(source.form).json")
            try convert(converted, from: other, to: source.form, into: back, in: directory)
            conversions.append(Conversion(source: source, files: [(original.path, source.form), (converted.path, other), (back.path, source.form)]))
        }
        var found: [String: [String]] = [:]
        for form in ["rest", "plain"] {
            let paths = conversions.flatMap { $0.files.filter { $0.form == form }.map(\.path) }
            found.merge(try violations(paths, form: form, in: directory)) { $1 }
        }
        for conversion in conversions {
            let original = found[conversion.files[0].path] ?? []
            for file in conversion.files.dropFirst() {
                #expect(found[file.path] ?? [] == original, "\(conversion.source.name) as \(file.form): \(found[file.path] ?? [])")
            }
        }
        // The one document Firestore refuses: the plain fixture nests arrays on purpose.
        let refused = conversions.filter { found[$0.files[0].path] != nil }.map(\.source.name)
        #expect(refused == ["nested.plain.json"])
    }
}
