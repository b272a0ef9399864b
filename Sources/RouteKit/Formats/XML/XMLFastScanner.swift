import CLibXML2
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A byte-level XML scanner for the plain shape most GPS files have, driving the same SAX state
/// machine (``XMLRouteDelegate``) as libxml2 does, or giving up.
///
/// It reads UTF-8 bytes (a file is memory-mapped) and recognises a strict subset of XML 1.0 with
/// namespaces: an optional declaration `<?xml version="1.0" encoding="UTF-8" standalone="…"?>`,
/// elements with ASCII names (`name` or `prefix:name`), attributes in quotes, namespaces declared on
/// the root element only with `http://`, `https://` or `urn:` URIs, and text of ASCII characters
/// without references. It checks everything it passes over as libxml2 would (matching end tags,
/// attribute syntax, duplicate attributes, declared prefixes, allowed characters, nothing but white
/// space around the root), and hands the delegate the events libxml2 would: start and end of each
/// element (names as interned NUL-terminated pointers, namespaces resolved) and each text run.
///
/// It **gives up** (``scan(_:delegate:)`` returns `false`, and the caller parses again from the start
/// with libxml2) the moment it meets anything outside that subset: a byte order mark, another
/// encoding, a DOCTYPE, comment, processing instruction or CDATA section, an entity or character
/// reference, a non-ASCII byte, a namespace declared below the root, a tag it cannot read, anything
/// not well-formed, or a delegate error (so that every error message, with its line and column, comes
/// from libxml2). When it does not give up, the delegate has seen the same elements, attributes and
/// text as with libxml2 (`XMLFastScannerTests` and `XMLFastScannerParityTests` compare the two on
/// every fixture, real file and fuzz corpus entry, read as GPX, KML and TCX; the `xmlscan` fuzz target
/// compares them on whatever libFuzzer makes).
///
/// Before each start tag it may offer the delegate the whole element as bytes
/// (``XMLRouteDelegate/readsRawElements``): the GPX reader takes a track point of the common shape
/// that way (``GPXTrackPointScanner``), the TCX reader a `Trackpoint` (``TCXTrackpointScanner``), or
/// declines and the scan goes on event by event.
///
/// Positions are not tracked: the delegate's ``XMLRouteDelegate/location()`` is line 0 while it runs,
/// so a reader takes the scanned delegate only when no result it keeps carries a position (errors do,
/// and go to libxml2; see ``XMLRouteParsing/parse(_:format:path:parser:makeDelegate:accepts:)``).
///
/// - Complexity: O(n) in the input's size, one pass; memory O(depth + distinct names). A mapped file's
///   pages are released behind the scan, so the resident set does not grow with the file.
struct XMLFastScanner {
    /// Deepest nesting handled (libxml2 refuses 256 without `XML_PARSE_HUGE`).
    static let maximumDepth = 200
    /// Longest name, attribute value or text run handled, bytes.
    static let maximumRun = 1 << 20
    /// Most attributes in a start tag.
    static let maximumAttributes = 32

    /// Scans the file or bytes with `delegate`; `false` when the scanner gave up (the delegate's state
    /// is then undefined: use a new one).
    ///
    /// - Parameter readAhead: Whether the second half of a large file's points is read on another
    ///   core meanwhile (``XMLReadAhead``); the delegate's state is the same either way.
    static func scan(_ input: RouteInput, delegate: XMLRouteDelegate, readAhead: XMLReadAhead.Policy = .automatic) -> Bool {
        // A mapped file's pages are dropped behind the scan (``RouteInput/withMappedBytes(_:)``).
        input.withMappedBytes({ bytes, release in
            var scanner = XMLFastScanner(delegate: delegate, readAheadPolicy: readAhead)
            defer { scanner.names.free() }
            return scanner.run(bytes, release: release)
        }) ?? false
    }

    private let delegate: XMLRouteDelegate
    private var names = NameInterner()
    /// Namespace declarations of the root: prefix (interned) to URI (interned); the default one apart.
    private var prefixes: [(prefix: UnsafePointer<UInt8>, uri: UnsafePointer<UInt8>)] = []
    private var defaultURI: UnsafePointer<UInt8>? = nil
    private var xmlURI: UnsafePointer<UInt8>
    /// Open elements: their name as reported, and where their qualified name is in the input.
    private var openElements: [(name: XMLName, start: Int, count: Int)] = []
    /// A start tag's attributes, five pointers each, as libxml2's SAX2 gives them.
    private var attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>
    /// The local names of the start tag's attributes so far (start, count), for the duplicate check.
    private var attributeNames: UnsafeMutablePointer<(start: Int, count: Int)>

    private let readAheadPolicy: XMLReadAhead.Policy
    /// The read-ahead under way, if any; at most one per scan.
    private var readAhead: XMLReadAhead?
    /// Where ``readAhead`` starts (`Int.max` without one): a plain number to test at every element,
    /// where binding the reference would retain and release it.
    private var readAheadStart = Int.max
    private var triedReadAhead = false

    private init(delegate: XMLRouteDelegate, readAheadPolicy: XMLReadAhead.Policy) {
        self.delegate = delegate
        self.readAheadPolicy = readAheadPolicy
        xmlURI = names.intern(Array("http://www.w3.org/XML/1998/namespace".utf8))
        attributes = .allocate(capacity: 5 * Self.maximumAttributes)
        openElements.reserveCapacity(32)
        attributeNames = .allocate(capacity: Self.maximumAttributes)
    }

    // MARK: Byte classes

    /// After an attribute's name at `start`: skips `S? '=' S?` and the opening quote, returning the
    /// index after the quote and the quote byte, or `nil` when that is not what follows.
    private static func openingQuote(_ p: UnsafePointer<UInt8>, _ n: Int, at start: Int) -> (Int, UInt8)? {
        var j = start
        while j < n, isSpace(p[j]) { j += 1 }
        guard j < n, p[j] == 0x3D else { return nil }
        j += 1
        while j < n, isSpace(p[j]) { j += 1 }
        guard j < n, p[j] == 0x22 || p[j] == 0x27 else { return nil }
        return (j + 1, p[j])
    }

    @inline(__always) private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D }
    @inline(__always) private static func isNameStart(_ b: UInt8) -> Bool {
        (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F
    }
    @inline(__always) private static func isNameByte(_ b: UInt8) -> Bool {
        isNameStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2E
    }

    // MARK: The scan

    /// `release(offset)` is called now and then with the offset below which the input is no longer read.
    private mutating func run(_ input: UnsafeBufferPointer<UInt8>, release: (@Sendable (Range<Int>) -> Void)?) -> Bool {
        defer {
            // The thread reading ahead stops before the bytes go.
            readAhead?.cancel()
            attributes.deallocate()
            attributeNames.deallocate()
        }
        guard let p = input.baseAddress else { return false }
        let n = input.count
        var i = 0
        // The declaration, if any, must be the very first bytes.
        if n >= 5, p[0] == 0x3C, p[1] == 0x3F {
            guard let after = declaration(p, n) else { return false }
            i = after
        }
        var sawRoot = false
        var rootClosed = false
        var nextRelease = 8 << 20
        while i < n {
            // Text up to the next '<'.
            let textStart = i
            var onlySpace = true
            var sawCarriageReturn = false
            while i < n {
                let b = p[i]
                if b == 0x3C { break }
                if b < 0x20 {
                    guard b == 0x0A || b == 0x09 || b == 0x0D else { return false }
                    if b == 0x0D { sawCarriageReturn = true }
                } else {
                    // '&' (a reference), ']' (could begin "]]>"), non-ASCII: not handled.
                    if b >= 0x80 || b == 0x26 || b == 0x5D { return false }
                    if b != 0x20 { onlySpace = false }
                }
                i += 1
            }
            if i > textStart {
                guard i - textStart <= Self.maximumRun else { return false }
                if openElements.isEmpty {
                    guard onlySpace else { return false }
                } else if sawCarriageReturn {
                    lineEndsNormalised(p, textStart, i)
                } else {
                    delegate.characters(UnsafeBufferPointer(start: p + textStart, count: i - textStart))
                }
            }
            if i >= n { break }
            if let release, i >= nextRelease {
                release(0..<(i - (1 << 20)))
                nextRelease = i + (8 << 20)
            }
            // Markup at p[i] == '<'.
            guard i + 1 < n else { return false }
            let c = p[i + 1]
            if c == 0x2F {
                // End tag.
                guard let top = openElements.last else { return false }
                let nameStart = i + 2
                guard nameStart + top.count < n, memcmp(p + nameStart, p + top.start, top.count) == 0 else { return false }
                var j = nameStart + top.count
                guard !Self.isNameByte(p[j]), p[j] != 0x3A else { return false }
                while j < n, Self.isSpace(p[j]) { j += 1 }
                guard j < n, p[j] == 0x3E else { return false }
                i = j + 1
                openElements.removeLast()
                delegate.endElementEvent(top.name)
                if delegate.isStopped { return false }
                if openElements.isEmpty { rootClosed = true }
                continue
            }
            guard Self.isNameStart(c), !rootClosed else { return false }
            if readAhead != nil || delegate.readsRawElements, let after = rawElements(p, n, at: i, release: release) {
                i = rawElementsFollowing(p, n, after: after, release: release, nextRelease: &nextRelease)
                continue
            }
            if openElements.count == 0 { guard !sawRoot else { return false }; sawRoot = true }
            guard openElements.count < Self.maximumDepth, let (after, closed) = startTag(p, n, at: i) else { return false }
            i = after
            if delegate.isStopped { return false }
            if closed, openElements.isEmpty { rootClosed = true }
        }
        return sawRoot && rootClosed && openElements.isEmpty && !delegate.isStopped && delegate.rootClosed
    }

    /// Offers the start tag at `i` to the delegate whole, as elements read ahead when a read-ahead
    /// starts here (and starting one on the first offer); the index after what was read, or `nil`
    /// when the scan reads the tag event by event.
    private mutating func rawElements(_ p: UnsafePointer<UInt8>, _ n: Int, at i: Int,
                                      release: (@Sendable (Range<Int>) -> Void)?) -> Int? {
        if i >= readAheadStart, let ahead = readAhead {
            readAhead = nil
            readAheadStart = .max
            if i == ahead.start, delegate.readsRawElements {
                ahead.finish()
                if ahead.end > i, delegate.adoptRawElements(from: ahead.reader) { return ahead.end }
            } else {
                ahead.cancel()
            }
        }
        guard delegate.readsRawElements else { return nil }
        if !triedReadAhead {
            triedReadAhead = true
            if let reader = delegate.makeRawElementReader() {
                readAhead = XMLReadAhead.begin(p, n, scanAt: i, policy: readAheadPolicy, reader: reader, release: release)
                if let readAhead {
                    readAheadStart = readAhead.start
                    delegate.didStartReadingAhead()
                }
            }
        }
        return delegate.rawElement(p, n, at: i)
    }

    /// After a whole element read raw that ends at `end`, the ones that follow it separated by white
    /// space alone (a track's points), read one after another as ``XMLReadAhead`` reads them, without
    /// going round the scan for each; returns the index after the last one read. The white space
    /// between them is not reported: a delegate reading raw elements ignores it there (the read-ahead's
    /// elements are taken on the same ground).
    private mutating func rawElementsFollowing(_ p: UnsafePointer<UInt8>, _ n: Int, after end: Int,
                                               release: (@Sendable (Range<Int>) -> Void)?, nextRelease: inout Int) -> Int {
        var end = end
        while true {
            var k = end
            while k < n, k - end <= Self.maximumSpaceBetweenElements, Self.isSpace(p[k]) { k += 1 }
            guard k + 1 < n, p[k] == 0x3C, Self.isNameStart(p[k + 1]) else { return end }
            if let release, k >= nextRelease {
                release(0..<(k - (1 << 20)))
                nextRelease = k + (8 << 20)
            }
            guard let after = rawElements(p, n, at: k, release: release) else { return end }
            end = after
        }
    }

    /// The most white space between two elements read by ``rawElementsFollowing(_:_:after:release:nextRelease:)``.
    private static let maximumSpaceBetweenElements = 4096

    /// Reports the text `p[start..<end]` with its line ends normalised as XML 1.0 section 2.11 says
    /// (and libxml2 does): CR LF and a lone CR become LF.
    private func lineEndsNormalised(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) {
        var pieceStart = start
        var k = start
        var lineFeed: UInt8 = 0x0A
        while k < end {
            if p[k] == 0x0D {
                if k > pieceStart { delegate.characters(UnsafeBufferPointer(start: p + pieceStart, count: k - pieceStart)) }
                if k + 1 < end, p[k + 1] == 0x0A {
                    pieceStart = k + 1  // the LF is reported with the next piece
                } else {
                    withUnsafePointer(to: &lineFeed) { delegate.characters(UnsafeBufferPointer(start: $0, count: 1)) }
                    pieceStart = k + 1
                }
            }
            k += 1
        }
        if end > pieceStart { delegate.characters(UnsafeBufferPointer(start: p + pieceStart, count: end - pieceStart)) }
    }

    /// Reads a qualified name at `i`: where it ends and where its local part starts (after the colon,
    /// or `i`). `nil` when it is not a plain ASCII QName.
    private func qualifiedName(_ p: UnsafePointer<UInt8>, _ n: Int, at i: Int) -> (end: Int, local: Int)? {
        guard i < n, Self.isNameStart(p[i]) else { return nil }
        var j = i + 1
        var local = i
        while j < n {
            let b = p[j]
            if Self.isNameByte(b) { j += 1; continue }
            if b == 0x3A {
                guard local == i, j + 1 < n, Self.isNameStart(p[j + 1]) else { return nil }
                local = j + 1
                j += 2
                continue
            }
            break
        }
        guard j < n, j - i <= 1000 else { return nil }
        return (j, local)
    }

    /// Reads a start tag at `i` (`p[i] == '<'`), reports it, and returns the index after its `>`.
    private mutating func startTag(_ p: UnsafePointer<UInt8>, _ n: Int, at i: Int) -> (end: Int, selfClosing: Bool)? {
        guard let (nameEnd, nameLocal) = qualifiedName(p, n, at: i + 1) else { return nil }
        var j = nameEnd
        var attributeNameCount = 0
        var count = 0
        var selfClosing = false
        let isRoot = openElements.isEmpty
        while true {
            guard j < n else { return nil }
            var sawSpace = false
            while j < n, Self.isSpace(p[j]) { j += 1; sawSpace = true }
            guard j < n else { return nil }
            if p[j] == 0x3E { j += 1; break }
            if p[j] == 0x2F {
                guard j + 1 < n, p[j + 1] == 0x3E else { return nil }
                selfClosing = true
                j += 2
                break
            }
            // An attribute: white space before it, name, '=', quoted value.
            guard sawSpace, let (attributeEnd, attributeLocal) = qualifiedName(p, n, at: j) else { return nil }
            let attributeStart = j
            j = attributeEnd
            guard let (afterQuote, quote) = Self.openingQuote(p, n, at: j) else { return nil }
            j = afterQuote
            let valueStart = j
            while j < n, p[j] != quote {
                let b = p[j]
                if b < 0x20 {
                    guard b == 0x0A || b == 0x09 || b == 0x0D else { return nil }
                } else if b >= 0x80 || b == 0x26 || b == 0x3C {
                    return nil
                }
                j += 1
            }
            guard j < n, j - valueStart <= Self.maximumRun else { return nil }
            let valueEnd = j
            j += 1
            // Duplicates (also under two prefixes of one namespace): refused when two share a local name.
            let localCount = attributeEnd - attributeLocal
            for k in 0..<attributeNameCount where attributeNames[k].count == localCount
                && memcmp(p + attributeNames[k].start, p + attributeLocal, localCount) == 0 {
                return nil
            }
            guard attributeNameCount < Self.maximumAttributes else { return nil }
            attributeNames[attributeNameCount] = (attributeLocal, localCount)
            attributeNameCount += 1
            let qualifiedCount = attributeEnd - attributeStart
            let isXMLNS = (qualifiedCount == 5 && memcmp(p + attributeStart, "xmlns", 5) == 0)
                || (attributeLocal - attributeStart == 6 && memcmp(p + attributeStart, "xmlns:", 6) == 0)
            if isXMLNS {
                // Namespace declarations: on the root only, with a URI libxml2 takes without a warning.
                guard isRoot, Self.isPlainAbsoluteURI(p + valueStart, valueEnd - valueStart) else { return nil }
                let uri = names.intern(p + valueStart, valueEnd - valueStart)
                if attributeLocal == attributeStart {
                    defaultURI = uri
                } else {
                    let prefix = names.intern(p + attributeLocal, attributeEnd - attributeLocal)
                    // `xml` and `xmlns` cannot be declared (and are not worth handling).
                    guard !XMLNameTable.equal(prefix, "xml"), !XMLNameTable.equal(prefix, "xmlns") else { return nil }
                    prefixes.append((prefix, uri))
                }
                continue
            }
            guard count < Self.maximumAttributes else { return nil }
            let entry = attributes + 5 * count
            entry[0] = names.intern(p + attributeLocal, attributeEnd - attributeLocal)
            if attributeLocal == attributeStart {
                entry[1] = nil
                entry[2] = nil
            } else {
                let prefix = names.intern(p + attributeStart, attributeLocal - 1 - attributeStart)
                entry[1] = prefix
                entry[2] = nil  // resolved below, once the tag's declarations are all read
            }
            entry[3] = p + valueStart
            entry[4] = p + valueEnd
            count += 1
        }
        // Resolve the attributes' prefixes.
        for k in 0..<count {
            let entry = attributes + 5 * k
            guard let prefix = entry[1] else { continue }
            guard let uri = resolve(prefix) else { return nil }
            entry[2] = uri
        }
        let local = names.intern(p + nameLocal, nameEnd - nameLocal)
        let prefix: UnsafePointer<UInt8>? = nameLocal == i + 1 ? nil : names.intern(p + i + 1, nameLocal - 1 - (i + 1))
        let uri: UnsafePointer<UInt8>?
        if let prefix {
            guard let resolved = resolve(prefix), resolved != xmlURI else { return nil }
            uri = resolved
        } else {
            uri = defaultURI
        }
        let name = XMLName(localName: local, prefix: prefix, uri: uri)
        delegate.startElementEvent(name, XMLAttributes(count: count, base: count == 0 ? nil : attributes))
        if selfClosing {
            if !delegate.isStopped { delegate.endElementEvent(name) }
        } else {
            openElements.append((name, i + 1, nameEnd - (i + 1)))
        }
        return (j, selfClosing)
    }

    /// The URI a prefix is bound to: `xml`'s, or the root's declaration.
    private func resolve(_ prefix: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        if XMLNameTable.equal(prefix, "xml") { return xmlURI }
        for declared in prefixes where declared.prefix == prefix { return declared.uri }
        return nil
    }

    /// Whether `bytes` is a URI libxml2 takes as an absolute namespace name without a warning: it
    /// starts with `http://`, `https://` or `urn:` and uses only unreserved and delimiter characters
    /// (no percent escapes, no spaces).
    private static func isPlainAbsoluteURI(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        func starts(_ prefix: StaticString) -> Bool {
            count > prefix.utf8CodeUnitCount && memcmp(bytes, prefix.utf8Start, prefix.utf8CodeUnitCount) == 0
        }
        guard starts("http://") || starts("https://") || starts("urn:") else { return false }
        for k in 0..<count {
            let b = bytes[k]
            let ok = (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || (b >= 0x30 && b <= 0x39)
                || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E || b == 0x3A || b == 0x2F || b == 0x23
                || b == 0x3F || b == 0x3D || b == 0x2B || b == 0x2C || b == 0x3B
            if !ok { return false }
        }
        return true
    }

    /// Reads the XML declaration at the start (`<?xml`), strictly: `version="1.0"`, then optionally
    /// `encoding="UTF-8"` (any case) and `standalone="yes"` or `"no"`, single or double quotes, then
    /// `?>`. Returns the index after it, or `nil`.
    private func declaration(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int? {
        guard n > 6, memcmp(p, "<?xml", 5) == 0, Self.isSpace(p[5]) else { return nil }
        var j = 5
        var seen = 0  // 1 version, 2 encoding, 3 standalone
        while true {
            var sawSpace = false
            while j < n, Self.isSpace(p[j]) { j += 1; sawSpace = true }
            guard j + 1 < n else { return nil }
            if p[j] == 0x3F {
                guard p[j + 1] == 0x3E, seen >= 1 else { return nil }
                return j + 2
            }
            guard sawSpace else { return nil }
            let nameStart = j
            while j < n, Self.isNameStart(p[j]) { j += 1 }
            let name = String(decoding: UnsafeBufferPointer(start: p + nameStart, count: j - nameStart), as: UTF8.self)
            guard let (afterQuote, quote) = Self.openingQuote(p, n, at: j) else { return nil }
            j = afterQuote
            let valueStart = j
            while j < n, p[j] != quote, p[j] >= 0x20, p[j] < 0x80 { j += 1 }
            guard j < n, p[j] == quote else { return nil }
            let value = String(decoding: UnsafeBufferPointer(start: p + valueStart, count: j - valueStart), as: UTF8.self)
            j += 1
            switch (name, seen) {
            case ("version", 0) where value == "1.0": seen = 1
            case ("encoding", 1) where value.uppercased() == "UTF-8": seen = 2
            case ("standalone", 1), ("standalone", 2):
                guard value == "yes" || value == "no" else { return nil }
                seen = 3
            default: return nil
            }
        }
    }
}

/// Interned NUL-terminated names: the same bytes give the same pointer for the whole scan (as
/// libxml2's dictionary does), which ``XMLNameTable`` relies on.
private struct NameInterner {
    private var keys: [UInt64] = Array(repeating: 0, count: 1024)
    private var entries: [UnsafeMutablePointer<UInt8>?] = Array(repeating: nil, count: 1024)
    private var lengths: [Int] = Array(repeating: 0, count: 1024)
    private var stored = 0

    mutating func intern(_ bytes: [UInt8]) -> UnsafePointer<UInt8> {
        bytes.withUnsafeBufferPointer { intern($0.baseAddress!, $0.count) }
    }

    /// Names of at most 8 bytes by their bytes as one word (direct-mapped; a hit needs no comparison).
    private var shortWords = [UInt64](repeating: 0, count: 64)
    private var shortCounts = [Int](repeating: -1, count: 64)
    private var shortNames = [UnsafePointer<UInt8>?](repeating: nil, count: 64)

    /// The interned copy of `count` bytes at `start`.
    mutating func intern(_ start: UnsafePointer<UInt8>, _ count: Int) -> UnsafePointer<UInt8> {
        guard count <= 8 else { return internLong(start, count) }
        var word: UInt64 = 0
        for k in 0..<count { word |= UInt64(start[k]) << (8 * UInt64(k)) }
        let slot = Int(truncatingIfNeeded: ((word &+ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        if shortCounts[slot] == count, shortWords[slot] == word, let name = shortNames[slot] { return name }
        let name = internLong(start, count)
        shortWords[slot] = word
        shortCounts[slot] = count
        shortNames[slot] = name
        return name
    }

    private mutating func internLong(_ start: UnsafePointer<UInt8>, _ count: Int) -> UnsafePointer<UInt8> {
        // FNV-1a.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for k in 0..<count { hash = (hash ^ UInt64(start[k])) &* 0x100_0000_01B3 }
        hash |= 1
        var slot = Int(truncatingIfNeeded: hash >> 1) & (keys.count - 1)
        while let entry = entries[slot] {
            if keys[slot] == hash, lengths[slot] == count, memcmp(entry, start, count) == 0 { return UnsafePointer(entry) }
            slot = (slot + 1) & (keys.count - 1)
        }
        if stored * 2 >= keys.count {
            grow()
            return internLong(start, count)
        }
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: count + 1)
        copy.initialize(from: start, count: count)
        copy[count] = 0
        keys[slot] = hash
        entries[slot] = copy
        lengths[slot] = count
        stored += 1
        return UnsafePointer(copy)
    }

    private mutating func grow() {
        let old = zip(zip(keys, entries), lengths).compactMap { pair -> (UInt64, UnsafeMutablePointer<UInt8>, Int)? in
            guard let entry = pair.0.1 else { return nil }
            return (pair.0.0, entry, pair.1)
        }
        let size = keys.count * 2
        keys = Array(repeating: 0, count: size)
        entries = Array(repeating: nil, count: size)
        lengths = Array(repeating: 0, count: size)
        for (hash, entry, length) in old {
            var slot = Int(truncatingIfNeeded: hash >> 1) & (size - 1)
            while entries[slot] != nil { slot = (slot + 1) & (size - 1) }
            keys[slot] = hash
            entries[slot] = entry
            lengths[slot] = length
        }
    }

    /// Frees the names (the scan is over: no pointer to them may be used after).
    mutating func free() {
        for entry in entries { entry?.deallocate() }
        entries = []
        keys = []
        lengths = []
    }
}
