// Tailwind 3 through PostCSS, as Vite reads it (docs/decisions/196-vite.md says why 3 and not 4).
export default {
  plugins: {
    tailwindcss: {},
  },
};
