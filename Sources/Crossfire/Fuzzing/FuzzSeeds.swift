import FirestoreJSON
import FirestoreModel

/// One input of a fuzz target's seed corpus: its file name and bytes.
package struct FuzzSeed: Hashable, Sendable {
    /// The file name, without a folder.
    package var name: String
    /// The input.
    package var bytes: [UInt8]

    /// A seed.
    package init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}

/// The seed inputs committed under `Corpus/fuzz/<Target>/`, made reproducibly (`make
/// fuzz-seeds`, `crossfire fuzz-seeds`).
package enum FuzzSeeds {
    /// The campaign seed of the committed `FuzzDifferential` seeds.
    package static let differentialSeed: UInt64 = 1
    /// How many cases of it are committed.
    package static let differentialCases = 48

    /// `FuzzDifferential` inputs for cases `0..<cases` of the campaign `seed` — the cases
    /// `crossfire run --seed SEED` runs first — named `seed<SEED>-case<NNNN>`: each the byte
    /// form (`ChoiceSource.byteInput`) of the case's choices, generated with the target's profile.
    package static func differential(seed: UInt64, cases: Int, target: DifferentialFuzzTarget = .standard) -> [FuzzSeed] {
        let options = CampaignOptions(seed: seed, outputDirectory: "")
        return (0..<max(0, cases)).map { index in
            var source = ChoiceSource(seed: options.caseSeed(index))
            _ = target.runner.generate(from: &source)
            let number = String(index)
            return FuzzSeed(name: "seed\(seed)-case" + String(repeating: "0", count: max(0, 4 - number.count)) + number, bytes: source.byteInput)
        }
    }

    /// `FuzzRESTJSON` inputs from a JSON file: the file as it is when it reads as a REST
    /// document, else every object in it (not the maps inside a document found) that has a
    /// `fields` object or a `name` string and reads as a REST document, written as plain JSON
    /// (indented, members in their order), without duplicates. Named
    /// `<base>.json` when the file holds one, else `<base>-<n>.json` from 1. A file that is not
    /// JSON gives none.
    package static func restDocuments(in json: [UInt8], base: String) -> [FuzzSeed] {
        if (try? RESTJSONReader().readDocument(from: json)) != nil { return [FuzzSeed(name: base + ".json", bytes: json)] }
        guard let value = try? PlainJSONReader().readValue(from: json) else { return [] }
        var found: [[UInt8]] = []
        collectDocuments(in: value, into: &found)
        if found.count == 1 { return [FuzzSeed(name: base + ".json", bytes: found[0])] }
        return found.enumerated().map { FuzzSeed(name: "\(base)-\($0.offset + 1).json", bytes: $0.element) }
    }

    private static func collectDocuments(in value: FirestoreValue, into found: inout [[UInt8]]) {
        switch value {
        case .map(let map):
            let looksLikeDocument: Bool
            if case .map? = map["fields"] {
                looksLikeDocument = true
            } else if case .string? = map["name"] {
                looksLikeDocument = true
            } else {
                looksLikeDocument = false
            }
            if looksLikeDocument, var bytes = try? PlainJSONWriter().write(value), (try? RESTJSONReader().readDocument(from: bytes)) != nil {
                bytes.append(0x0A)
                if !found.contains(bytes) { found.append(bytes) }
                return
            }
            for (_, member) in map { collectDocuments(in: member, into: &found) }
        case .array(let elements):
            for element in elements { collectDocuments(in: element, into: &found) }
        default:
            break
        }
    }
}
