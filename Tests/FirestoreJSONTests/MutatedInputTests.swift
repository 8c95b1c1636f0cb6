import Foundation
import FirestoreJSON
import FirestoreModel
import Testing

/// Randomly damaged documents and bundles: every reader returns a value or an error value
/// whose message is one line; a crash or hang would end the test run.
@Suite struct MutatedInputTests {
    /// `input` with a few random bytes replaced, inserted or removed.
    private func mutate(_ input: [UInt8], using random: inout SeededRandom) -> [UInt8] {
        var bytes = input
        let interesting: [UInt8] = Array("{}[]\",:0-.e\\u".utf8) + [0x00, 0x80, 0xC3, 0xFF]
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            let byte = Bool.random(using: &random) ? interesting.randomElement(using: &random) ?? 0 : UInt8.random(in: 0...255, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where !bytes.isEmpty: bytes[position] = byte
            case 1: bytes.insert(byte, at: position)
            default: if !bytes.isEmpty { bytes.remove(at: position) }
            }
        }
        return bytes
    }

    @Test func damagedDocumentsGiveValuesOrErrors() throws {
        let names = ["all-types.rest.json", "spellings.rest.json", "all-types.plain.json", "nested.plain.json"]
        let originals = try names.map { try TestPaths.bytes(of: TestPaths.corpusDocuments.appendingPathComponent($0)) }
        var random = SeededRandom(seed: 2024)
        var errors = 0
        for round in 0..<3000 {
            let input = mutate(originals[round % originals.count], using: &random)
            switch Result(catching: { () throws(FirestoreJSONError) in try RESTJSONReader().readDocument(from: input) }) {
            case .success(let document):
                try assertRoundTrips(document)
            case .failure(let error):
                errors += 1
                #expect(!error.description.contains("\n"))
                #expect(!error.expected.isEmpty && !error.found.isEmpty)
            }
            switch Result(catching: { () throws(FirestoreJSONError) in try PlainJSONReader().readValue(from: input) }) {
            case .success(let value):
                let text = try PlainJSONWriter().write(value)
                #expect(try PlainJSONWriter().write(try PlainJSONReader().readValue(from: text)) == text)
            case .failure(let error):
                #expect(!error.description.contains("\n"))
            }
        }
        #expect(errors > 1000, "most damaged documents are invalid")
    }

    @Test func damagedBundlesGiveBundlesOrErrors() throws {
        let element = #"{"documentMetadata":{"name":"projects/p/databases/(default)/documents/c/d","exists":true}}"#
        let document = #"{"document":{"name":"projects/p/databases/(default)/documents/c/d","fields":{"s":{"stringValue":"é"}}}}"#
        let body = "\(element.utf8.count)\(element)\(document.utf8.count)\(document)"
        let metadata = #"{"metadata":{"id":"b","totalDocuments":1,"totalBytes":"# + "\(body.utf8.count)}}"
        let bundle = Array("\(metadata.utf8.count)\(metadata)\(body)".utf8)
        #expect(try BundleReader().read(from: bundle).documents.count == 1)
        var random = SeededRandom(seed: 99)
        for _ in 0..<2000 {
            let damaged = mutate(bundle, using: &random)
            if case .failure(let error) = Result(catching: { () throws(FirestoreJSONError) in try BundleReader().read(from: damaged) }) {
                #expect(!error.description.contains("\n"))
            }
        }
    }
}
