package io.hotpath.examples.bank;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The log's framing: what a crash can leave at the end of a file is ignored, damage anywhere else is not.
 */
class TransactionLogTest
{
    @TempDir
    Path dir;

    @Test
    void recordsReadBackInOrderWithoutTheirChecksums()
    {
        final Path file = dir.resolve("a.log");
        try (TransactionLog log = TransactionLog.open(file, TransactionLog.Durability.DISK))
        {
            log.append("OPEN a 10");
            log.append("DEPOSIT L1 5 15");
        }
        try (TransactionLog log = TransactionLog.open(file, TransactionLog.Durability.OS))
        {
            log.append("WITHDRAW L2 3 12");
        }
        assertEquals(List.of("OPEN a 10", "DEPOSIT L1 5 15", "WITHDRAW L2 3 12"), TransactionLog.read(file));
    }

    @Test
    void aHalfWrittenLastLineIsIgnored() throws IOException
    {
        final Path file = dir.resolve("a.log");
        try (TransactionLog log = TransactionLog.open(file, TransactionLog.Durability.OS))
        {
            log.append("OPEN a 10");
            log.append("DEPOSIT L1 5 15");
        }
        final String full = Files.readString(file);
        final String secondLine = full.substring(full.indexOf('\n') + 1);
        for (int cut = 1; cut < secondLine.length(); cut++)
        {
            // Every prefix of the last line, newline-terminated or not, as a crash (or a zero-filled tail) leaves it.
            final String torn = full.substring(0, full.indexOf('\n') + 1) + secondLine.substring(0, cut);
            Files.writeString(file, torn);
            assertEquals(List.of("OPEN a 10"), TransactionLog.read(file), "cut after " + cut + " bytes");
            Files.writeString(file, torn.substring(0, torn.length() - 1) + "\n");
            assertEquals(List.of("OPEN a 10"), TransactionLog.read(file), "cut + newline after " + cut + " bytes");
        }
        Files.write(file, new byte[64], StandardOpenOption.APPEND);
        assertEquals(List.of("OPEN a 10"), TransactionLog.read(file), "a torn line, then zeros");
        Files.writeString(file, full);
        Files.write(file, new byte[64], StandardOpenOption.APPEND);
        assertEquals(List.of("OPEN a 10", "DEPOSIT L1 5 15"), TransactionLog.read(file), "zeros after the last record");
    }

    @Test
    void reopeningCutsATornTailSoTheNextRecordStartsOnItsOwnLine() throws IOException
    {
        final Path file = dir.resolve("a.log");
        try (TransactionLog log = TransactionLog.open(file, TransactionLog.Durability.OS))
        {
            log.append("OPEN a 10");
        }
        Files.writeString(file, "DEPOSIT L1 5 1", StandardOpenOption.APPEND);
        try (TransactionLog log = TransactionLog.open(file, TransactionLog.Durability.OS))
        {
            log.append("DEPOSIT L1 7 17");
        }
        assertEquals(List.of("OPEN a 10", "DEPOSIT L1 7 17"), TransactionLog.read(file));
    }

    @Test
    void damageBeforeTheLastLineIsCorruptionAndFailsTheRead() throws IOException
    {
        final Path file = dir.resolve("a.log");
        try (TransactionLog log = TransactionLog.open(file, TransactionLog.Durability.OS))
        {
            log.append("OPEN a 10");
            log.append("DEPOSIT L1 5 15");
        }
        final String flipped = Files.readString(file).replaceFirst("10", "90");
        Files.writeString(file, flipped);
        assertThatThrownBy(() -> TransactionLog.read(file)).isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("line 1 is damaged");
        assertThat(new String(Files.readAllBytes(file), StandardCharsets.US_ASCII)).contains("OPEN a 90");
    }
}
