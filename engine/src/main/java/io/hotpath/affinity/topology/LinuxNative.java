package io.hotpath.affinity.topology;

import io.hotpath.affinity.CpuSet;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.BitSet;
import java.util.Locale;

/**
 * libc's scheduler calls bound through the Foreign Function and Memory API.
 * <p>
 * Thread-safe: the handles are immutable and every call works on the calling thread with its own
 * confined memory. Nothing native happens until {@link #availability()} or a call is first made:
 * the bindings live in a holder class that the JVM initialises on first use.
 */
final class LinuxNative
{
    /** Bits of the first cpu_set_t tried, as glibc's CPU_SETSIZE; grown when the kernel has more. */
    static final int MIN_MASK_BITS = 1024;

    private static final int MAX_MASK_BITS = CpuSet.MAX_CPU + 1;

    static final int EPERM = 1;
    static final int ESRCH = 3;
    static final int EFAULT = 14;
    static final int EINVAL = 22;

    private LinuxNative()
    {
    }

    /**
     * @return null when the calls can be made, else why not.
     */
    static String availability()
    {
        final String os = System.getProperty("os.name", "");
        if (!os.toLowerCase(Locale.ROOT).startsWith("linux"))
        {
            return "thread pinning needs Linux; this is " + os;
        }
        if (!LinuxNative.class.getModule().isNativeAccessEnabled())
        {
            return "native access is not enabled; run java with --enable-native-access=" + moduleName() +
                " (or put Enable-Native-Access: ALL-UNNAMED in the jar manifest)";
        }
        return Bindings.FAILURE;
    }

    /**
     * Sets the calling thread's mask.
     *
     * @return 0, or the errno of the failure.
     */
    static int setCurrentThreadMask(final CpuSet cpus)
    {
        int bits = maskBits(cpus.last() + 1);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment state = arena.allocate(Bindings.STATE_LAYOUT);
            while (true)
            {
                final MemorySegment mask = arena.allocate(bits / 8L, 8);
                cpus.stream().forEach(cpu -> setBit(mask, cpu));
                final int rc = (int)Bindings.SCHED_SETAFFINITY.invokeExact(state, 0, mask.byteSize(), mask);
                if (rc == 0)
                {
                    return 0;
                }
                final int errno = errno(state);
                // EINVAL also means our mask is shorter than the kernel's; retry longer before believing it
                if (errno != EINVAL || bits >= MAX_MASK_BITS || bits >= kernelMaskBits(arena, state))
                {
                    return errno;
                }
                bits *= 2;
            }
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException("sched_setaffinity failed to run", t);
        }
    }

    /**
     * @return the calling thread's mask.
     * @throws IllegalStateException carrying the errno text when the kernel refuses.
     */
    static CpuSet currentThreadMask()
    {
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment state = arena.allocate(Bindings.STATE_LAYOUT);
            int bits = MIN_MASK_BITS;
            while (true)
            {
                final MemorySegment mask = arena.allocate(bits / 8L, 8);
                final int rc = (int)Bindings.SCHED_GETAFFINITY.invokeExact(state, 0, mask.byteSize(), mask);
                if (rc == 0)
                {
                    return readMask(mask);
                }
                final int errno = errno(state);
                if (errno != EINVAL || bits >= MAX_MASK_BITS)
                {
                    throw new IllegalStateException("sched_getaffinity: " + describeErrno(errno));
                }
                bits *= 2;
            }
        }
        catch (final IllegalStateException ex)
        {
            throw ex;
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException("sched_getaffinity failed to run", t);
        }
    }

    /**
     * @return the CPU the calling thread last ran on, or -1.
     */
    static int currentCpu()
    {
        try
        {
            return (int)Bindings.SCHED_GETCPU.invokeExact();
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException("sched_getcpu failed to run", t);
        }
    }

    /**
     * @return the kernel's id of the calling thread, as {@code ps -L} shows it.
     */
    static int currentTid()
    {
        try
        {
            if (Bindings.GETTID != null)
            {
                return (int)Bindings.GETTID.invokeExact();
            }
            return (int)(long)Bindings.SYSCALL.invokeExact(Bindings.SYS_GETTID);
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException("gettid failed to run", t);
        }
    }

    static String describeErrno(final int errno)
    {
        return switch (errno)
        {
            case EPERM -> "EPERM (not permitted to change this thread's affinity)";
            case ESRCH -> "ESRCH (no such thread)";
            case EFAULT -> "EFAULT (bad mask address)";
            case EINVAL -> "EINVAL (no CPU of the mask is online and allowed to this process's cpuset)";
            default -> "errno " + errno;
        };
    }

    private static int kernelMaskBits(final Arena arena, final MemorySegment state) throws Throwable
    {
        int bits = MIN_MASK_BITS;
        while (bits < MAX_MASK_BITS)
        {
            final MemorySegment probe = arena.allocate(bits / 8L, 8);
            if ((int)Bindings.SCHED_GETAFFINITY.invokeExact(state, 0, probe.byteSize(), probe) == 0)
            {
                return bits;
            }
            bits *= 2;
        }
        return MAX_MASK_BITS;
    }

    private static int maskBits(final int needed)
    {
        int bits = MIN_MASK_BITS;
        while (bits < needed)
        {
            bits *= 2;
        }
        return bits;
    }

    // cpu_set_t is an array of unsigned long: CPU n is bit n % 64 of word n / 64, whatever the byte order
    private static void setBit(final MemorySegment mask, final int cpu)
    {
        final long offset = (cpu >>> 6) * 8L;
        final long word = mask.get(ValueLayout.JAVA_LONG, offset);
        mask.set(ValueLayout.JAVA_LONG, offset, word | (1L << (cpu & 63)));
    }

    private static CpuSet readMask(final MemorySegment mask)
    {
        final long[] words = mask.toArray(ValueLayout.JAVA_LONG);
        return CpuSet.of(BitSet.valueOf(words));
    }

    private static int errno(final MemorySegment state)
    {
        return (int)Bindings.ERRNO.get(state, 0L);
    }

    private static String moduleName()
    {
        final Module module = LinuxNative.class.getModule();
        return module.isNamed() ? module.getName() : "ALL-UNNAMED";
    }

    /** Initialised by the JVM on first access, which is the first native call. */
    // restricted on purpose: availability() checks native access is enabled before anything gets here
    @SuppressWarnings("restricted")
    private static final class Bindings
    {
        static final StructLayout STATE_LAYOUT = Linker.Option.captureStateLayout();
        static final VarHandle ERRNO = STATE_LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("errno"));
        static final MethodHandle SCHED_SETAFFINITY;
        static final MethodHandle SCHED_GETAFFINITY;
        static final MethodHandle SCHED_GETCPU;
        static final MethodHandle GETTID;
        static final MethodHandle SYSCALL;
        static final long SYS_GETTID;
        static final String FAILURE;

        static
        {
            MethodHandle set = null;
            MethodHandle get = null;
            MethodHandle cpu = null;
            MethodHandle tid = null;
            MethodHandle syscall = null;
            String failure = null;
            final long sysGettid = "aarch64".equals(System.getProperty("os.arch")) ? 178L : 186L;
            try
            {
                final Linker linker = Linker.nativeLinker();
                final SymbolLookup libc = linker.defaultLookup();
                final Linker.Option errno = Linker.Option.captureCallState("errno");
                final FunctionDescriptor affinity = FunctionDescriptor.of(
                    ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS);
                set = linker.downcallHandle(find(libc, "sched_setaffinity"), affinity, errno);
                get = linker.downcallHandle(find(libc, "sched_getaffinity"), affinity, errno);
                cpu = linker.downcallHandle(find(libc, "sched_getcpu"), FunctionDescriptor.of(ValueLayout.JAVA_INT));
                // gettid came with glibc 2.30; older C libraries only offer the raw system call
                final MemorySegment gettid = libc.find("gettid").orElse(null);
                if (gettid != null)
                {
                    tid = linker.downcallHandle(gettid, FunctionDescriptor.of(ValueLayout.JAVA_INT));
                }
                else
                {
                    syscall = linker.downcallHandle(
                        find(libc, "syscall"),
                        FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG),
                        Linker.Option.firstVariadicArg(1));
                }
            }
            catch (final RuntimeException ex)
            {
                failure = "cannot bind libc's scheduler calls: " + ex.getMessage();
            }
            SCHED_SETAFFINITY = set;
            SCHED_GETAFFINITY = get;
            SCHED_GETCPU = cpu;
            GETTID = tid;
            SYSCALL = syscall;
            SYS_GETTID = sysGettid;
            FAILURE = failure;
        }

        private static MemorySegment find(final SymbolLookup lookup, final String name)
        {
            return lookup.find(name).orElseThrow(() -> new IllegalStateException("libc has no " + name));
        }
    }
}
