import Foundation

/// Splits CSV bytes into records of trimmed cells, skipping blank and comment lines.
struct CSVRecords {
    /// The text, borrowed for the life of the records.
    let bytes: UnsafeBufferPointer<UInt8>
    let path: String?
    private(set) var delimiter: UInt8
    private var i = 0
    private var line = 1
    private var lineStart = 0

    /// The offset of the next byte to read.
    var offset: Int { i }

    init(bytes: UnsafeBufferPointer<UInt8>, path: String?, delimiter: UInt8?) {
        self.bytes = bytes
        self.path = path
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3; lineStart = 3; counted = (3, 1) }
        // Excel's `sep=;` first line names the delimiter (and is not the header).
        if let (sep, next) = Self.excelSeparator(bytes, from: i) {
            self.delimiter = delimiter ?? sep
            i = next
            if i < bytes.count { newline() }
            return
        }
        self.delimiter = delimiter ?? Self.sniff(bytes, from: i)
    }

    /// The delimiter of an Excel `sep=X` first line (optionally quoted) and the index of its line end.
    static func excelSeparator(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (UInt8, Int)? {
        var k = start
        if k < bytes.count, bytes[k] == 0x22 { k += 1 }
        guard bytes.count >= k + 5, Array(bytes[k..<(k + 4)]).map({ $0 | 0x20 }) == Array("sep=".utf8) else { return nil }
        let sep = bytes[k + 4]
        guard sep < 0x80, sep != 0x0A, sep != 0x0D else { return nil }
        k += 5
        if k < bytes.count, bytes[k] == 0x22 { k += 1 }
        while k < bytes.count, bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == sep { k += 1 }
        guard k == bytes.count || bytes[k] == 0x0A || bytes[k] == 0x0D else { return nil }
        return (sep, k)
    }

    /// The delimiter of the first line that is not blank or a comment.
    static func sniff(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt8 {
        var k = start
        while k < bytes.count {
            var j = k
            while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
            let lineEnd = bytes[k...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
            if j < lineEnd, bytes[j] != UInt8(ascii: "#") {
                var counts: [UInt8: Int] = [0x2C: 0, 0x3B: 0, 0x09: 0]
                var quoted = false
                for b in bytes[k..<lineEnd] {
                    if b == 0x22 { quoted.toggle() } else if !quoted, counts[b] != nil { counts[b, default: 0] += 1 }
                }
                let best = [UInt8(0x2C), 0x3B, 0x09].max { (counts[$0] ?? 0) < (counts[$1] ?? 0) } ?? 0x2C
                return (counts[best] ?? 0) > (counts[0x2C] ?? 0) ? best : 0x2C
            }
            k = lineEnd + 1
        }
        return 0x2C
    }

    /// The 1-based column (in characters) at byte `index` of the current line, counted on from the last
    /// position asked for: each byte of a line is counted once, so locating every cell of a row is
    /// linear in the row's length (counting from the line's start each time was quadratic).
    private var counted = (index: 0, column: 1)

    private var column: Int {
        mutating get {
            if counted.index < lineStart || counted.index > i { counted = (lineStart, 1) }
            var (k, c) = counted
            while k < i { if bytes[k] & 0xC0 != 0x80 { c += 1 }; k += 1 }
            counted = (k, c)
            return c
        }
    }

    private mutating func newline() {
        // At a CR or LF: consume CRLF as one.
        if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
        i += 1
        line += 1
        lineStart = i
    }

    /// The next record, or `nil` at the end.
    mutating func next() throws(RouteParseError) -> [CSVReader.Cell]? {
        while i < bytes.count {
            // Skip blank and comment lines.
            var j = i
            while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
            if j == bytes.count { i = j; return nil }
            if bytes[j] == 0x0A || bytes[j] == 0x0D { i = j; newline(); continue }
            if bytes[j] == UInt8(ascii: "#") {
                i = j
                while i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
                if i < bytes.count { newline() }
                continue
            }
            return try record()
        }
        return nil
    }

    private mutating func record() throws(RouteParseError) -> [CSVReader.Cell] {
        var cells: [CSVReader.Cell] = []
        while true {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09, bytes[i] != delimiter { i += 1 }
            let cellLine = line, cellColumn = column
            var text: [UInt8] = []
            if i < bytes.count, bytes[i] == 0x22 {
                let quoteLine = line, quoteColumn = column
                i += 1
                var closed = false
                while i < bytes.count {
                    let b = bytes[i]
                    if b == 0x22 {
                        if i + 1 < bytes.count, bytes[i + 1] == 0x22 { text.append(0x22); i += 2; continue }
                        i += 1
                        closed = true
                        break
                    }
                    if b == 0x0A || b == 0x0D {
                        text.append(0x0A)
                        newline()
                        continue
                    }
                    text.append(b)
                    i += 1
                }
                guard closed else {
                    throw RouteParseError(format: .csv, location: SourceLocation(path: path, line: quoteLine, column: quoteColumn),
                                          reason: .malformedCSV("the quoted field is not closed (expected a '\"' before the end of the file)"))
                }
                while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09, bytes[i] != delimiter { i += 1 }
                if i < bytes.count, bytes[i] != delimiter, bytes[i] != 0x0A, bytes[i] != 0x0D {
                    throw RouteParseError(format: .csv, location: SourceLocation(path: path, line: line, column: column),
                                          reason: .malformedCSV("text after the closing quote of a field (a quote inside a quoted field is written \"\")"))
                }
            } else {
                while i < bytes.count, bytes[i] != delimiter, bytes[i] != 0x0A, bytes[i] != 0x0D {
                    text.append(bytes[i])
                    i += 1
                }
                while let last = text.last, last == 0x20 || last == 0x09 { text.removeLast() }
            }
            cells.append(CSVReader.Cell(text: String(decoding: text, as: UTF8.self), line: cellLine, column: cellColumn))
            if i < bytes.count, bytes[i] == delimiter {
                i += 1
                continue
            }
            if i < bytes.count { newline() }
            return cells
        }
    }
}
