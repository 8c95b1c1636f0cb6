import Crossfire
import FirestoreCodable
import FirestoreModel
import Foundation
import ModelSchema

// Real-shaped bugs in a team's Codable layer around the SDK (`PlantedShapeBug`, departing in a
// copy of the Codable mapper): each the effect of one wrong line, wherever that line runs.

/// sdk-codable-rules §6 (integer rows), §6.2: the team's decoding layer forwards every call to
/// `Firestore.Decoder` but its unkeyed container's `decode(Int32.self)`, which reads the number
/// as a `Double` (as other clients write numbers) and narrows it,
/// `Int32(truncatingIfNeeded: Int64(exactly: try decode(Double.self).rounded(.towardZero)) ?? 0)`:
/// in a list a hand-written `init(from:)` reads element by element, a fractional double is cut
/// and an out-of-range integer wraps, where the SDK fails with
/// `dataCorrupted("… does not fit in Int32.")`.
struct UnkeyedInt32OverloadWraps: PlantedBug {
    /// The one overload the layer writes itself (none: the layer without the bug, a control).
    var override = UnkeyedOverride(int32: { container in
        Int32(truncatingIfNeeded: Int64(exactly: try container.decode(Double.self).rounded(.towardZero)) ?? 0)
    })

    func decode(_ data: [String: Any], reference: DocumentReference?, schema: ModelSchema, correct: any DocumentMapper) -> DecodeResult {
        guard let codable = correct as? CodableMapper else { return correct.decode(data, reference: reference) }
        let decoder = Firestore.Decoder()
        // `DynamicModelType.decode` leaves the Codable mapper's decoding context (the schema's
        // layout, which the stand-ins read) in the decoder's `userInfo`, where the decode
        // through the forwarding decoder finds it.
        _ = try? codable.type.decode([:], reference: nil, decoder: decoder)
        decoder.userInfo[ForwardingDecoder.overrideKey] = override
        do {
            return DecodeResult(outcome: .success(try decoder.decode(Forwarded<DynamicModel>.self, from: data, in: reference).value.value))
        } catch {
            var failure = MappingFailure(codingError: error)
            // Where the error's coding path does not name its place in the model (inside a
            // hand-written nested container), the Codable mapper's own decode locates it.
            if case .failure(let located) = correct.decode(data, reference: reference).outcome, located.path == failure.path {
                failure.place = located.place
            }
            return DecodeResult(outcome: .failure(failure))
        }
    }
}

/// sdk-codable-rules §11, §13.3: a `UInt64` (or `UInt`) handed to the write path as
/// `Int64(truncatingIfNeeded: value)`: above `Int64.max` it is stored as a negative number
/// where the SDK's write path refuses it ("NSNumber (N) is too large").
struct UnsignedWrappedOnEncode: PlantedWriteBug {
    func write(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        switch value {
        case let number as UInt64: return Int64(truncatingIfNeeded: number)
        case let number as UInt: return Int64(truncatingIfNeeded: number)
        default: return value
        }
    }
}

/// sdk-codable-rules §9.2, §16.8: a nil `@ServerTimestamp` written as `Timestamp(date: Date())`,
/// the client's clock, instead of `FieldValue.serverTimestamp()`, which the server resolves.
struct ClientClockForServerTimestamp: PlantedWriteBug {
    func write(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard value is FieldValue, schema.fieldSchema(at: path)?.wrapper == .serverTimestamp else { return value }
        return Timestamp(date: Date())
    }
}

/// sdk-codable-rules §9.3 and §13.6, §16.1: an `Optional` property that should carry
/// `@ExplicitNull` declared without it. Two rules go with the wrapper: a nil is written as
/// null (without it the key is left out), and an absent key fails with `keyNotFound` (without
/// it the key's absence reads as nil).
struct ExplicitNullWrapperMissing: PlantedReadBug, PlantedWriteBug {
    func write(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard value is NSNull, schema.fieldSchema(at: path)?.wrapper == .explicitNull else { return value }
        return nil
    }

    func read(_ value: Any, type: FieldType, path: ValuePath, schema: ModelSchema) -> Any? {
        guard case .structure(let name) = type.unwrapped, var map = value as? [String: Any],
              let structSchema = schema.structSchema(named: name) else { return value }
        for field in structSchema.fields where field.wrapper == .explicitNull {
            if let key = field.codingKey, map[key] == nil { map[key] = NSNull() }
        }
        return map
    }
}
