// `make bench`: the mapper section — decode and encode throughput of the Codable mapper
// (Firestore.Decoder and Firestore.Encoder) against Foundation's JSONDecoder/JSONEncoder on the
// equivalent JSON text, against hand-written dictionary mappers, and against minimal Codable
// mappers that only do the hand-written mappers' casts (MinimalDecoder/MinimalEncoder), for
// three models, as ratios within one run (`MapperTable`) — then the harness section: cases/s
// of `crossfire run`, exec/s of the fuzz target's body and where a campaign's time goes
// (`HarnessSection`). `CrossfireBench mappers` or `harness` prints one section.
import FirestoreCodable
import FirestoreModel
import Foundation

/// One benchmark model and its mappers.
struct BenchCase {
    let name: String
    let decodeCodable: () throws -> Void
    let decodeJSON: () throws -> Void
    let decodeHand: () throws -> Void
    /// The Codable mapper reading the stored fields (`FirestoreMap`) instead of the read
    /// path's `[String: Any]`; measured by `repeat` only.
    let decodeTyped: () throws -> Void
    /// The minimal Codable decoder (`MinimalDecoder`): the hand-written mapper's casts behind
    /// the standard library's Codable calls.
    let decodeMinimal: () throws -> Void
    let encodeCodable: () throws -> Void
    let encodeJSON: () throws -> Void
    let encodeHand: () throws -> Void
    /// The minimal Codable encoder (`MinimalEncoder`).
    let encodeMinimal: () throws -> Void
}

/// Why a benchmark could not run.
struct BenchError: Error, CustomStringConvertible {
    let description: String
}

/// The operations on model `T`, from the data the SDK's read path hands an app; every mapper
/// is checked to give the sample back first.
func benchCase<T: Codable & Equatable>(
    _ name: String, _ sample: T, hand: @escaping ([String: Any]) -> T?, dictionary: @escaping (T) -> [String: Any]
) throws -> BenchCase {
    let encoded = try Firestore.Encoder().encode(sample)
    let stored = try WritePath().parse(encoded).fields
    let data = ReadPath().data(stored)
    let json = try JSONEncoder().encode(sample)
    guard try Firestore.Decoder().decode(T.self, from: data) == sample,
          try JSONDecoder().decode(T.self, from: json) == sample,
          try Firestore.Decoder().decode(T.self, from: stored) == sample,
          hand(data) == sample,
          try T(from: MinimalDecoder(data)) == sample,
          try Firestore.Decoder().decode(T.self, from: dictionary(sample)) == sample,
          try Firestore.Decoder().decode(T.self, from: MinimalEncoder.encode(sample)) == sample
    else { throw BenchError(description: "\(name): a mapper does not give the sample back") }
    return BenchCase(
        name: name,
        decodeCodable: { _ = try Firestore.Decoder().decode(T.self, from: data) },
        decodeJSON: { _ = try JSONDecoder().decode(T.self, from: json) },
        decodeHand: { _ = hand(data) },
        decodeTyped: { _ = try Firestore.Decoder().decode(T.self, from: stored) },
        decodeMinimal: { _ = try T(from: MinimalDecoder(data)) },
        encodeCodable: { _ = try Firestore.Encoder().encode(sample) },
        encodeJSON: { _ = try JSONEncoder().encode(sample) },
        encodeHand: { _ = dictionary(sample) },
        encodeMinimal: { _ = try MinimalEncoder.encode(sample) })
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func format(_ value: Double) -> String {
    String(format: value >= 100 ? "%.0f" : "%.2f", value)
}

/// `CrossfireBench repeat <flat|nested|array> <decode|encode> <codable|json|hand|typed|minimal> <count>` runs one
/// operation `count` times and nothing else, for instruction counting under callgrind (the
/// difference between two counts is the cost of the extra operations).
func repeatOperation(_ arguments: [String], cases: [BenchCase]) throws {
    let models = ["flat", "nested", "array"]
    guard arguments.count == 4, let model = models.firstIndex(of: arguments[0]), let count = Int(arguments[3]) else {
        throw BenchError(description: "usage: CrossfireBench repeat <flat|nested|array> <decode|encode> <codable|json|hand|typed|minimal> <count>")
    }
    let benchCase = cases[model]
    let operation: () throws -> Void
    switch (arguments[1], arguments[2]) {
    case ("decode", "codable"): operation = benchCase.decodeCodable
    case ("decode", "json"): operation = benchCase.decodeJSON
    case ("decode", "hand"): operation = benchCase.decodeHand
    case ("decode", "typed"): operation = benchCase.decodeTyped
    case ("decode", "minimal"): operation = benchCase.decodeMinimal
    case ("encode", "codable"): operation = benchCase.encodeCodable
    case ("encode", "json"): operation = benchCase.encodeJSON
    case ("encode", "hand"): operation = benchCase.encodeHand
    case ("encode", "minimal"): operation = benchCase.encodeMinimal
    default: throw BenchError(description: "unknown operation \(arguments[1]) \(arguments[2])")
    }
    for _ in 0..<count { try operation() }
}

do {
    let cases = [
        try benchCase("flat (10 fields)", FlatModel.sample, hand: FlatModel.init(data:), dictionary: \.dictionary),
        try benchCase("nested (arrays of structs, maps)", NestedModel.sample, hand: NestedModel.init(data:), dictionary: \.dictionary),
        try benchCase("1,000-element array", LargeArrayModel.sample, hand: LargeArrayModel.init(data:), dictionary: \.dictionary),
    ]
    let arguments = Array(CommandLine.arguments.dropFirst())
    switch arguments.first {
    case "repeat":
        try repeatOperation(Array(arguments.dropFirst()), cases: cases)
    case "mappers":
        try MapperTable.print(cases)
    case "harness":
        try HarnessSection.print()
    case nil:
        try MapperTable.print(cases)
        try HarnessSection.print()
    case let other?:
        throw BenchError(description: "unknown section \(other) (mappers, harness, or none for both; repeat for callgrind)")
    }
} catch {
    FileHandle.standardError.write(Data("bench: \(error)\n".utf8))
    exit(1)
}
