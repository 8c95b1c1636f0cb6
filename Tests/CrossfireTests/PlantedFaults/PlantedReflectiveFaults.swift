import Crossfire
import FirestoreModel
import Foundation
import ModelSchema

/// The mapper a planted bug sits in: a copy of the Codable mapper, or of the reflective
/// mapper, with one rule changed — named `planted` in findings either way.
enum PlantedFamily: Sendable {
    /// `Firestore.Decoder`/`Encoder` over `DynamicModel`, compared strictly.
    case codable
    /// The reflective mapper (seed 002, Salada's style), compared as `.lenientDecode`, its
    /// documented divergences expected as they are for `reflective`.
    case reflective

    /// The planted mapper of `bug`, as a campaign takes it.
    func plantedSpec(_ bug: any PlantedBug) -> MapperSpec {
        switch self {
        case .codable: return MapperSpec(factory: PlantedFaultFactory(bug: bug), style: .strict)
        case .reflective: return MapperSpec(factory: PlantedFaultFactory(bug: bug, correct: ReflectiveMapperFactory()), style: .lenientDecode)
        }
    }

    /// The allowlist the campaign runs with: the reflective family's entries hold for the
    /// planted copy.
    var allowlist: Allowlist {
        switch self {
        case .codable: return .sdkBehaviour
        case .reflective: return .documented(reflectiveMapper: PlantedFaultFactory.mapperName)
        }
    }
}

/// Seed 002's table stores a `Date` as seconds since 1970, while Salada's own `createdAt` is
/// a server timestamp in milliseconds that it divides by 1000: a port that mixes the two reads
/// every stored `Date` as milliseconds — the double under a `Date` divided by 1000 before the
/// correct reflective reader reads it.
struct DateReadAsMilliseconds: PlantedReadBug {
    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard type.unwrapped == .date, let seconds = value as? Double else { return value }
        return seconds / 1_000
    }
}
